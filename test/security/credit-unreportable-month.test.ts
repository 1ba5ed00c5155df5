// Attack: a lender reports a month that cannot be reported. A month after the current one (`X`, with hardship `A`)
// was accepted, shown at once and kept for years; a month already past the 24 months repayment history is kept was
// accepted and silently never shown. The service refuses both on its clock, and the client before sending on its own
// (widened by the signature's 300 s tolerance, so it never refuses what the service takes at a month's turn): a typed
// 422 naming the field `month` and the window of months that can be reported.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentRefusedError, createClient, isPaymentRefusal } from '../../src/server/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { applicant, openCreditAccount } from '../support/credit.js';

let sb: TestSandbox;
/** The sandbox's clock: 2026-11-15 unless a test moves it. */
let now = new Date('2026-11-15T12:00:00Z');
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 'unreportable-month', now: () => now });
});
afterAll(() => sb.close());
afterEach(() => {
  vi.useRealTimers();
  now = new Date('2026-11-15T12:00:00Z');
});

const call = (path: string, body: unknown) => sb.request('POST', path, body, { date: now });
async function account(first: string) {
  const { enquiry_id, account_id } = await openCreditAccount(call, applicant(first, 'Window'), {
    product: 'car_loan',
    amount: '20000.00',
    opened_on: '2023-01-01',
  });
  return { enquiry_id, account_id };
}
const mine = async (enquiry_id: string, account_id: string) => {
  const report = (await call('/enquiry/getreport', { enquiry_id })).json;
  return { report, account: report.accounts.find((a: { account_id: string }) => a.account_id === account_id) };
};
const refusedOn = (res: { status: number; json: any }, code: string) => {
  expect([res.status, res.json.error.code], JSON.stringify(res.json)).toEqual([422, code]);
  expect(res.json.error.fields).toHaveLength(1);
  expect(res.json.error.fields[0].path).toBe('month');
  expect(res.json.error.fields[0].message).toContain('2024-12 to 2026-11');
};

describe('the sandbox refuses a month that cannot be reported, on its clock', () => {
  it('next month with X and FHI A: 422 MONTH_IN_FUTURE; the report shows neither the X nor the hardship', async () => {
    const { enquiry_id, account_id } = await account('Future');
    const hardship = { code: 'A', arrangement_id: 'fha-1' };
    refusedOn(await call('/payment/save', { account_id, month: '2026-12', status: 'X', hardship }), 'MONTH_IN_FUTURE');
    refusedOn(await call('/payment/save', { account_id, month: '2031-01', status: '0' }), 'MONTH_IN_FUTURE');
    const { report, account: acc } = await mine(enquiry_id, account_id);
    expect(acc.repayment_history).toEqual([]);
    expect(acc.hardship_history).toEqual([]);
    expect(report.notices).toBeUndefined();
    // The current month itself is reportable.
    expect((await call('/payment/save', { account_id, month: '2026-11', status: '0', hardship })).status).toBe(200);
  });

  it('24 months ago: 422 MONTH_PAST_RETENTION; 23 months ago is kept and shown', async () => {
    const { enquiry_id, account_id } = await account('Past');
    refusedOn(await call('/payment/save', { account_id, month: '2024-11', status: '1' }), 'MONTH_PAST_RETENTION');
    refusedOn(await call('/payment/save', { account_id, month: '2023-06', status: '0' }), 'MONTH_PAST_RETENTION');
    expect((await call('/payment/save', { account_id, month: '2024-12', status: '1' })).status).toBe(200);
    expect((await mine(enquiry_id, account_id)).account.repayment_history).toEqual([{ month: '2024-12', status: '1' }]);
  });

  it('the window follows the sandbox clock: December is refused at 23:59:59 on 30 November, taken at midnight', async () => {
    const { account_id } = await account('Turn');
    now = new Date('2026-11-30T23:59:59Z');
    expect((await call('/payment/save', { account_id, month: '2026-12', status: '0' })).json.error.code).toBe(
      'MONTH_IN_FUTURE',
    );
    now = new Date('2026-12-01T00:00:00Z');
    expect((await call('/payment/save', { account_id, month: '2026-12', status: '0' })).status).toBe(200);
    expect((await call('/payment/save', { account_id, month: '2024-12', status: '0' })).json.error.code).toBe(
      'MONTH_PAST_RETENTION',
    );
  });
});

describe('the client refuses the same months before sending, on its own clock', () => {
  const sent: string[] = [];
  const client = () =>
    createClient({
      baseUrl: sb.url,
      tokenId: 'sandbox_token',
      signingSecret: 'sandbox_secret',
      retry: false,
      fetch: (input, init) => {
        if (String(input).endsWith('/payment/save')) sent.push(String(init?.body));
        return fetch(input, init);
      },
    });
  /** This process's clock (the client's, which also signs) at `client`, the sandbox's at `service`. */
  const clocks = (clientTime: string, serviceTime = clientTime) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(clientTime) });
    now = new Date(serviceTime);
  };

  it('next month and 24 months ago: PaymentRefusedError 422 on `month`, naming the window; nothing is sent', async () => {
    const { account_id } = await account('Client');
    clocks('2026-11-15T12:00:00Z');
    const before = sent.length;
    for (const [month, code] of [
      ['2026-12', 'MONTH_IN_FUTURE'],
      ['2024-11', 'MONTH_PAST_RETENTION'],
    ] as const) {
      const e = await client()
        .savePayment({ account_id, month, status: 'X', hardship: { code: 'A', arrangement_id: 'a' } })
        .catch((error: unknown) => error);
      expect(e).toBeInstanceOf(PaymentRefusedError);
      expect(isPaymentRefusal(e)).toBe(true);
      const r = e as PaymentRefusedError;
      expect([r.code, r.status, r.fields[0]?.path]).toEqual([code, 422, 'month']);
      expect(r.message).toContain('2024-12 to 2026-11');
    }
    expect(sent.length).toBe(before);
    expect((await client().savePayment({ account_id, month: '2026-11', status: '0' })).month).toBe('2026-11');
  });

  it('at the month’s turn it leaves the decision to the service: 3 min behind it, December is sent and taken', async () => {
    const { account_id } = await account('Behind');
    clocks('2026-11-30T23:57:00Z', '2026-12-01T00:00:00Z');
    const before = sent.length;
    expect((await client().savePayment({ account_id, month: '2026-12', status: '0' })).month).toBe('2026-12');
    expect(sent.length).toBe(before + 1);
    // Further from the turn than any clock the service accepts a signature from, the client refuses by itself.
    clocks('2026-11-30T23:50:00Z');
    const e = await client()
      .savePayment({ account_id, month: '2026-12', status: '0' })
      .catch((error: unknown) => error);
    expect([(e as PaymentRefusedError).name, (e as PaymentRefusedError).code]).toEqual([
      'PaymentRefusedError',
      'MONTH_IN_FUTURE',
    ]);
    expect(sent.length).toBe(before + 1);
  });
});
