// Properties of repayment history (RHI) with financial hardship information (FHI) over generated 24-month histories
// with arrangements, against real sandboxes over HTTP: every accepted month round-trips into the report; every
// refused month is refused with the code an independent model of the rules expects; the score and its band with FHI
// equal those of the same RHI without it; and, moving the sandbox clock forward, a month's FHI is gone after 12
// months while its RHI stays until 24.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDSHIP_CODES, REPAYMENT_CODES } from '../../src/protocol/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { applicant, openCreditAccount } from '../support/credit.js';

const START = new Date('2026-11-15T12:00:00Z');
/** The 24 months ending with START's month, oldest first. */
const MONTHS = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026, 10 - 23 + i, 1)).toISOString().slice(0, 7));

let withFhi: TestSandbox;
let withoutFhi: TestSandbox;
let now = START;
beforeAll(async () => {
  // Same seed: the same applicant gets the same bureau history and base score in both.
  [withFhi, withoutFhi] = await Promise.all([
    startTestSandbox({ seed: 'fhi-props', now: () => now }),
    startTestSandbox({ seed: 'fhi-props', now: () => now }),
  ]);
});
afterAll(async () => {
  await Promise.all([withFhi?.close(), withoutFhi?.close()]);
});

interface Month {
  month: string;
  status: (typeof REPAYMENT_CODES)[number] | undefined;
  hardship: { code: (typeof HARDSHIP_CODES)[number]; arrangement_id: string } | undefined;
}
const monthArb = (month: string): fc.Arbitrary<Month> =>
  fc.record({
    month: fc.constant(month),
    status: fc.option(fc.constantFrom(...REPAYMENT_CODES), { freq: 12, nil: undefined }),
    hardship: fc.option(
      fc.record({ code: fc.constantFrom(...HARDSHIP_CODES), arrangement_id: fc.constantFrom('fha-1', 'fha-2') }),
      { freq: 2, nil: undefined },
    ),
  });
const historyArb = fc.tuple(...MONTHS.map(monthArb)).map((ms) => ms.filter((m) => m.status || m.hardship));

/** The rules, written apart from src/protocol/credit.ts: what the service must answer for each month, in order. */
function expected(history: Month[]): Array<{ code: string | undefined }> {
  const variations = new Map<string, string>();
  return history.map((m) => {
    if (m.status === undefined) return { code: 'HARDSHIP_WITHOUT_REPAYMENT' };
    if (m.hardship?.code === 'V') {
      const first = variations.get(m.hardship.arrangement_id);
      if (first !== undefined && first !== m.month) return { code: 'SECOND_VARIATION' };
      variations.set(m.hardship.arrangement_id, m.month);
    }
    return { code: undefined };
  });
}

let applicants = 0;
async function record(sb: TestSandbox, history: Month[], keepFhi: boolean, name: string) {
  const call = (path: string, body: unknown) => sb.request('POST', path, body, { date: now });
  const { enquiry_id, account_id } = await openCreditAccount(call, applicant(name, 'Property'), {
    product: 'personal_loan',
    amount: '1000.00',
    opened_on: `${MONTHS[0]}-01`,
  });
  const answers: Array<{ status: number; code: string | undefined }> = [];
  for (const m of history) {
    const body = { account_id, month: m.month, status: m.status };
    const res = await call('/payment/save', keepFhi && m.hardship ? { ...body, hardship: m.hardship } : body);
    answers.push({ status: res.status, code: res.json.error?.code });
  }
  const report = async () => (await call('/enquiry/getreport', { enquiry_id })).json;
  return { account_id, answers, report };
}

describe('generated 24-month histories with hardship arrangements', () => {
  it('accepted months round-trip; refusals carry the expected code; FHI never moves the score; retention 12/24', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, fc.integer({ min: 0, max: 30 }), async (history, later) => {
        now = START;
        const name = `Prop${++applicants}`;
        const want = expected(history);
        // The months the service accepts, without their FHI: the same RHI the first account ends with.
        const plain = history.filter((_, i) => want[i]!.code === undefined);
        const [a, b] = await Promise.all([
          record(withFhi, history, true, name),
          record(withoutFhi, plain, false, name),
        ]);

        a.answers.forEach((got, i) => {
          const code = want[i]!.code;
          expect(got.code, `${history[i]!.month}`).toBe(code);
          expect(got.status).toBe(code === undefined ? 200 : code === 'SECOND_VARIATION' ? 409 : 422);
        });
        expect(b.answers.every((x) => x.status === 200)).toBe(true);

        const accepted = plain;
        const ra = await a.report();
        const rb = await b.report();
        const mine = ra.accounts.find((x: { account_id: string }) => x.account_id === a.account_id);
        expect(mine.repayment_history).toEqual(accepted.map((m) => ({ month: m.month, status: m.status })));
        const fhi = accepted.filter((m) => m.hardship && MONTHS.indexOf(m.month) >= 12);
        expect(mine.hardship_history).toEqual(fhi.map((m) => ({ month: m.month, code: m.hardship!.code })));
        expect(ra.notices !== undefined).toBe(fhi.length > 0);
        expect([ra.score, ra.score_band]).toEqual([rb.score, rb.score_band]);

        // `later` months on: a month's FHI stays while it is under 12 months old, its RHI under 24.
        now = new Date(Date.UTC(2026, 10 + later, 15, 12));
        const moved = (await a.report()).accounts.find((x: { account_id: string }) => x.account_id === a.account_id);
        const age = (m: Month) => 23 - MONTHS.indexOf(m.month) + later;
        expect(moved.repayment_history.map((h: { month: string }) => h.month)).toEqual(
          accepted.filter((m) => age(m) < 24).map((m) => m.month),
        );
        expect(moved.hardship_history.map((h: { month: string }) => h.month)).toEqual(
          accepted.filter((m) => m.hardship && age(m) < 12).map((m) => m.month),
        );
      }),
      { numRuns: 10 },
    );
    now = START;
  }, 240_000);
});
