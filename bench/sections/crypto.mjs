// Verification and signing throughput: the backend's bench (bench/webhooks.mjs, run()) — ours beside a raw node:crypto
// implementation of each scheme, standardwebhooks, svix and stripe — reported with its goal.
import { fmtInt, fmtRatio } from '../lib/stats.mjs';

export const title = 'Webhook verification and signing throughput';

const ROUNDS = 11;
const SLICE_MS = 60;
const label = (n) => `${n / 1024} KiB`;
/**
 * Per operation, to the raw node:crypto implementation of the same scheme. Verify: ≥ 0.85× the synchronous raw call
 * (the Promise-returning floor, the raw call behind `async`, measures about 0.9× of it). Sign: ≥ 0.9× that floor
 * itself, for a signing call does so little besides the HMAC that the Promise alone costs it a quarter at 1 KiB.
 */
const GOAL = { verify: 0.85, sign: 0.9 };

export async function run() {
  const { run: runWebhooks } = await import('../webhooks.mjs');
  const { rows, rounds } = await runWebhooks({ rounds: ROUNDS, ms: SLICE_MS, sizes: [1024, 65536] });
  const ours = rows.filter((r) => r.name === 'hosted-journey');
  const floorOf = (r) =>
    rows.find((f) => f.size === r.size && f.op === r.op && f.scheme === r.scheme && /async/.test(f.name));
  /** What the goal compares: verify to the raw call; sign to the raw call behind `async`. */
  const judged = (r) => (r.op === 'sign' ? r.ratioToRaw / (floorOf(r)?.ratioToRaw ?? 1) : r.ratioToRaw);
  const goals = [1024, 65536].map((size) => {
    const at = ours.filter((r) => r.size === size);
    const worst = at.reduce((w, r) => (judged(r) / GOAL[r.op] < judged(w) / GOAL[w.op] ? r : w), at[0]);
    const floor = floorOf(worst);
    return {
      name: `ours at ${label(size)}, lowest of verify/sign × hmac/standard (verify: a verifier made once, as the peers)`,
      goal: `verify ≥ ${GOAL.verify}× raw, sign ≥ ${GOAL.sign}× raw behind \`async\``,
      figure: `${fmtRatio(judged(worst))} (${worst.op}, ${worst.scheme}${worst.op === 'sign' ? ', to raw behind `async`' : ''})`,
      met: at.every((r) => judged(r) >= GOAL[r.op]),
      bound:
        `${worst.op} (${worst.scheme}) does more than the raw path: option and header checks` +
        `${worst.op === 'verify' ? ', key lookup for rotation, tolerance check, payload validation against the event schemas' : ''}; ` +
        'per call that is fixed cost, so it shows at 1 KiB and fades at 64 KiB. The API returns a Promise in both builds ' +
        '(Node and Web Crypto share it)' +
        (floor
          ? `; the raw implementation itself behind \`async\` reaches ${fmtRatio(floor.ratioToRaw)} of the raw call here, the floor for any Promise-returning API`
          : ''),
    };
  });
  return {
    title,
    intro:
      `From bench/webhooks.mjs (the backend helper's bench): ${rounds} interleaved rounds of ${SLICE_MS} ms per case, alternating order; ` +
      'ops/s are medians, ratios are medians of per-round ratios to the raw node:crypto implementation of the same scheme ' +
      '(for "hmac": Content-MD5 check, HMAC-SHA256 over the string to sign, timingSafeEqual, JSON.parse).',
    tables: [
      {
        columns: ['size', 'op', 'implementation', 'scheme', 'ops/s', '× raw (same scheme)'],
        rows: rows.map((r) => [
          label(r.size),
          r.op,
          r.name === 'hosted-journey' ? `**${r.name}**` : r.name,
          r.scheme,
          fmtInt(r.opsPerSec),
          fmtRatio(r.ratioToRaw),
        ]),
      },
    ],
    goals,
    notes: [],
  };
}
