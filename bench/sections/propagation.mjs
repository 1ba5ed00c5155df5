// What carrying W3C trace context costs, with `@opentelemetry/api` installed and no SDK registered (the default of an
// install that has the API because something else needs it): in one process, interleaved, each case beside the same
// work without a trace context.
// - The client: `finalise` (a signed POST: body digest, HMAC, the answer checked) against an in-process fetch that
//   answers at once, so the figure is the client's own work — without a trace context; with the call's `traceparent`
//   option; with the client's `traceparent` option as a string; and as a function asked at each call.
// - The webhook handler: a delivery processed through a MemoryDedupeStore, without and with a `traceparent` header.
// Each propagation row has a budget that fails the run (run.mjs exits non-zero): its throughput at least 0.85× the
// row without. The goal, no measurable loss, is reported beside it (≥ 0.95×).
import { fmtInt, fmtIqr, fmtSpread, judge, median, spreadOf } from '../lib/stats.mjs';

export const title = 'Trace propagation (traceparent), API installed and no SDK';

const ROUNDS = 1000;
/** Consecutive rounds whose median batches make one ratio: 20 ratios per case, their median and spread reported. */
const BLOCK = 50;
const WARMUP = 100;
/** Operations per timed batch: about a millisecond of the client's work. */
const BATCH = 16;
/** Deliveries signed per handler case; a fresh handler and store take them again once they are used up. */
const POOL = 2048;
const PATH = '/hooks/hj';
const KEY = { tokenId: 'wh_1', secret: 'bench-webhook-secret' };
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
/**
 * Enforced: a propagation row below this many times its row without fails the run. Below the goal by the spread
 * measured on a shared 2-core machine at load 7 (the same row 0.90–0.93× from run to run, its work ~1 µs of ~37),
 * so it trips on a real loss (a parse or an allocation per call that the no-SDK path should not make), not on noise.
 */
const BUDGET = 0.85;
/** Reported: no measurable loss. */
const GOAL = 0.95;

export async function run({ rounds = ROUNDS } = {}) {
  const server = {
    ...(await import('../../src/server/index.ts')),
    ...(await import('../../src/server/stores/index.ts')),
    ...(await import('../../src/server/testing.ts')),
  };
  const cases = [...(await clientCases(server)), ...(await handlerCases(server))];
  for (let r = 0; r < WARMUP; r++) for (const c of cases) await c.batch();
  const samples = new Map(cases.map((c) => [c, []]));
  const random = seeded(35);
  for (let r = 0; r < rounds; r++) {
    // A shuffled order, and an untimed batch of the case just before its timed one: no case is timed right after
    // a neighbour that always warms (or cools) what it runs on.
    for (const c of shuffled(cases, random)) {
      await c.batch();
      samples.get(c).push(await c.batch());
    }
  }
  // µs per operation: the median batch, so a batch the scheduler or the GC interrupted does not count.
  const perOp = (xs) => (median(xs) * 1000) / BATCH;
  // A ratio per block of BLOCK consecutive rounds (each block's median batches): the spread across blocks is the
  // run's own, which a verdict is judged against.
  const blocks = Math.floor(rounds / BLOCK);
  const blockOf = (c, k) => samples.get(c).slice(k * BLOCK, (k + 1) * BLOCK);
  const rows = cases.map((c) => {
    const base = cases.find((b) => b.side === c.side && !b.trace && !b.control);
    const ratios = Array.from({ length: blocks }, (_, k) => perOp(blockOf(base, k)) / perOp(blockOf(c, k)));
    return { ...c, us: perOp(samples.get(c)), ratio: spreadOf(ratios) };
  });
  const traced = rows.filter((r) => r.trace);
  const control = rows.find((r) => r.control);
  return {
    title,
    intro:
      `bench/sections/propagation.mjs: ${rounds} interleaved rounds (a shuffled order each, after ${WARMUP} warm-up ` +
      `rounds) of one timed batch of ${BATCH} operations per case, right after an untimed one of the same case; the ` +
      "time per operation is the median batch's, so a batch that " +
      'the scheduler or the garbage collector interrupted does not count (the machine is shared), and the ratio is ' +
      "the row without a trace context's time over the row's (throughput), taken per block of " +
      `${BLOCK} consecutive rounds: the figure is the median of the ${Math.floor(rounds / BLOCK)} blocks' ratios, the interquartile range of ` +
      "them in brackets. The client's calls go to an in-process " +
      "fetch that answers at once, so its figures are the client's own work (validation, signing, headers); the " +
      "handler processes signed deliveries through a MemoryDedupeStore. Today's rows without the API, and with an " +
      'SDK recording, are in the section before. The client side has a control: the same call as its row without ' +
      "a trace context, through a second client made alike, so the method's own bias and spread are in the table " +
      "(a ratio near 1.00× there means a traced row below it is the trace context's cost, not the method).",
    tables: [
      {
        columns: ['side', 'trace context', 'µs / op (median batch)', 'ops/s', '× without, median (IQR) of blocks'],
        rows: rows.map((r) => [r.side, r.name, r.us.toFixed(1), fmtInt(1e6 / r.us), fmtIqr(r.ratio)]),
      },
    ],
    goals: [
      ...traced.map((r) => ({
        name: `${r.side}, ${r.name}`,
        goal: `≥ ${BUDGET.toFixed(2)}× without`,
        figure: fmtIqr(r.ratio),
        met: judge(r.ratio, BUDGET),
        enforced: true,
      })),
      ...traced.map((r) => ({
        name: `no measurable loss: ${r.side}, ${r.name}`,
        goal: `≥ ${GOAL.toFixed(2)}× without`,
        figure: fmtSpread(r.ratio, 'blocks'),
        met: judge(r.ratio, GOAL),
        noise:
          'the goal lies inside the middle half of the per-block ratios: the run cannot tell this row from the one ' +
          'without a trace context. ' +
          (r.side.startsWith('client')
            ? `The control (the same call as 'none' through a second client) read ${fmtIqr(control.ratio)} in this run. ` +
              'What the trace context adds per call, measured alone: parsing the traceparent (about 0.25 µs, most of ' +
              "it the pattern's test; a loop over the characters saves a fifth of it) and formatting its header " +
              '(0.07 µs), of a call of 40–80 µs; a CPU profile of the function option beside none (issue 49) ' +
              'finds those two at 0.8 % of the time and nothing else of the trace context above 0.2 %'
            : 'With no SDK the handler never reads the header (the observer parses it only when it makes a span, ' +
              'src/server/telemetry/webhook.ts): the one difference is one more key in the header record'),
      })),
    ],
    notes: [],
  };
}

/** `finalise` through clients that differ only in where their trace context comes from. */
async function clientCases(server) {
  const answer = JSON.stringify({ application_id: 'app_bench', status: 'finalised' });
  const fetch = async () => new Response(answer, { status: 200, headers: { 'content-type': 'application/json' } });
  const make = (extra) =>
    server.createClient({
      baseUrl: 'http://127.0.0.1:9',
      tokenId: 'tok_bench',
      signingSecret: 'bench-client-secret',
      fetch,
      retry: false,
      ...extra,
    });
  const side = 'client `finalise`';
  const plain = make({});
  const again = make({});
  const withString = make({ traceparent: TRACEPARENT });
  const withFunction = make({ traceparent: () => TRACEPARENT });
  // Each call's options written out as an integrator writes them (an object literal per call, as in the docs:
  // `client.finalise({ vendor, ref, traceparent })`), the same for every case. Not `{ ...call, traceparent }`: on
  // Node 20 a spread followed by a key the source object lacks costs about 1.8 µs (measured, issue 49), a third of
  // what this section once reported as the call option's cost, and the integrator's code, not the client's.
  return [
    { side, name: 'none', trace: false, batch: batchOf(() => plain.finalise({ vendor: 'acme', ref: 'cust_42' })) },
    // The control (A/A): the same call as 'none' through a second client made alike. Its ratio is the method's own:
    // a bias of the order, the warm-up or the blocks shows here, where nothing differs.
    {
      side,
      name: 'none, a second client (the control)',
      trace: false,
      control: true,
      batch: batchOf(() => again.finalise({ vendor: 'acme', ref: 'cust_42' })),
    },
    {
      side,
      name: 'call option',
      trace: true,
      batch: batchOf(() => plain.finalise({ vendor: 'acme', ref: 'cust_42', traceparent: TRACEPARENT })),
    },
    {
      side,
      name: 'client option, a string',
      trace: true,
      batch: batchOf(() => withString.finalise({ vendor: 'acme', ref: 'cust_42' })),
    },
    {
      side,
      name: 'client option, a function',
      trace: true,
      batch: batchOf(() => withFunction.finalise({ vendor: 'acme', ref: 'cust_42' })),
    },
  ];
}

/** Processed deliveries, without and with a traceparent header. */
async function handlerCases(server) {
  const side = 'webhook handler, delivery processed';
  const make = () =>
    server.createWebhookHandler({
      verify: { keys: [KEY], path: PATH },
      store: new server.MemoryDedupeStore({ maxEntries: POOL * 2 }),
      onError: () => {},
      on: { '*': () => {} },
    });
  const plain = await signPool(server, 'plain', {});
  const traced = await signPool(server, 'traced', { traceparent: TRACEPARENT });
  return [
    { side, name: 'none', trace: false, batch: deliveries(make, plain) },
    { side, name: '`traceparent` header', trace: true, batch: deliveries(make, traced) },
  ];
}

/** A small deterministic PRNG (mulberry32): the same orders in every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(list, random) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** One timed batch of `fn`, ms. */
const batchOf = (fn) => async () => {
  const t0 = performance.now();
  for (let i = 0; i < BATCH; i++) await fn();
  return performance.now() - t0;
};

/** Deliveries signed once, each with its own event id, carrying `headers` besides the signature's. */
async function signPool(server, tag, headers) {
  const out = [];
  for (let i = 0; i < POOL; i++) {
    const payload = {
      event_id: `evt_${tag}_${i}`,
      type: 'crawl.completed',
      created_at: new Date().toISOString(),
      vendor: 'acme',
      ref: `cust_${i}`,
      data: { accounts: 3, transactions: 120, note: 'x'.repeat(800) },
    };
    const d = await server.signWebhook({ payload, tokenId: KEY.tokenId, secret: KEY.secret, path: PATH });
    out.push({ method: 'POST', path: PATH, headers: { ...d.headers, ...headers }, body: d.body });
  }
  return out;
}

/** Batches of deliveries through one handler; a fresh handler and store once the pool is used up (untimed). */
function deliveries(make, pool) {
  let handler = make();
  let next = 0;
  return async () => {
    if (next + BATCH > pool.length) {
      handler = make();
      next = 0;
    }
    const t0 = performance.now();
    for (let i = 0; i < BATCH; i++) await handler.handle(pool[next++]);
    return performance.now() - t0;
  };
}
