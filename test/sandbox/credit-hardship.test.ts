// Financial hardship information (FHI) beside repayment history (RHI), over real HTTP: the sandbox refuses each
// forbidden month with its code, the client refuses the same months before sending (no request leaves) once it has
// seen the account, the report keeps FHI apart from RHI with the consumer notice (JSON and PDF), each kept as long as
// the law says on the sandbox's clock, and `C` for current still works, read as the standard's `0`, with a warning.
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReportResponse, paymentResponse } from '../../src/protocol/index.js';
import { CREDIT_REPORT_WORDS } from '../../src/sandbox/credit/words.js';
import {
  ApiError,
  PaymentRefusedError,
  createClient,
  isPaymentRefusal,
  type HostedJourneyClient,
} from '../../src/server/index.js';
import type { Logger } from '../../src/server/telemetry/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
/** The sandbox's clock: 2026-11-15, moved by the retention test. */
let now = new Date('2026-11-15T12:00:00Z');
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 'hardship-seed', now: () => now });
});
afterAll(() => sb.close());

const call = (method: string, path: string, body?: unknown) => sb.request(method, path, body, { date: now });
const applicant = (first: string) => ({
  first_name: first,
  last_name: 'Hardship',
  date_of_birth: '1985-06-01',
  address: { line1: '1 Collins St', suburb: 'Melbourne', state: 'VIC' as const, postcode: '3000' },
});
async function account(first: string, account_type = 'home_loan', opened_on = '2025-01-01') {
  const enq = await call('POST', '/enquiry/lodge', {
    applicant: applicant(first),
    enquiry_type: 'credit_application',
    product: 'home_loan',
    amount: '400000.00',
  });
  const acc = await call('POST', '/account/create', {
    enquiry_id: enq.json.enquiry_id,
    account_type,
    credit_limit: '400000.00',
    opened_on,
  });
  expect(acc.status, JSON.stringify(acc.json)).toBe(201);
  return { enquiry_id: enq.json.enquiry_id as string, account_id: acc.json.account_id as string };
}
const refused = (res: { status: number; json: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error.code).toBe(code);
  expect(res.json.error.fields?.length).toBe(1);
};

describe('the sandbox refuses a forbidden month with its own code', () => {
  it('FHI without the month’s RHI: 422 HARDSHIP_WITHOUT_REPAYMENT; neither: 422 VALIDATION_FAILED', async () => {
    const { account_id } = await account('Avery');
    const hardship = { code: 'A', arrangement_id: 'fha-1' };
    refused(
      await call('POST', '/payment/save', { account_id, month: '2026-03', hardship }),
      422,
      'HARDSHIP_WITHOUT_REPAYMENT',
    );
    refused(await call('POST', '/payment/save', { account_id, month: '2026-03' }), 422, 'VALIDATION_FAILED');
    refused(
      await call('POST', '/payment/save', {
        account_id,
        month: '2026-03',
        status: '0',
        hardship: { code: 'B', arrangement_id: 'x' },
      }),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('a second V for one arrangement: 409 SECOND_VARIATION; the same month again, or another arrangement, is fine', async () => {
    const { account_id } = await account('Blair');
    const v = (arrangement_id: string, month: string) =>
      call('POST', '/payment/save', { account_id, month, status: '0', hardship: { code: 'V', arrangement_id } });
    expect((await v('fha-1', '2026-04')).status).toBe(200);
    expect((await v('fha-1', '2026-04')).status).toBe(200);
    refused(await v('fha-1', '2026-05'), 409, 'SECOND_VARIATION');
    expect((await v('fha-2', '2026-05')).status).toBe(200);
  });

  it('FHI on a closed account: 409 HARDSHIP_ON_CLOSED_ACCOUNT (RHI alone: ACCOUNT_CLOSED)', async () => {
    const { account_id } = await account('Casey');
    await call('POST', '/account/update', { account_id, status: 'closed', closed_on: '2026-06-30' });
    const month = { account_id, month: '2026-06', status: '0' };
    refused(
      await call('POST', '/payment/save', { ...month, hardship: { code: 'A', arrangement_id: 'fha-1' } }),
      409,
      'HARDSHIP_ON_CLOSED_ACCOUNT',
    );
    expect((await call('POST', '/payment/save', month)).json.error.code).toBe('ACCOUNT_CLOSED');
  });

  it('FHI or RHI on a telco or utility account: 422 HARDSHIP_NOT_PERMITTED / REPAYMENT_HISTORY_NOT_PERMITTED', async () => {
    for (const kind of ['telco', 'utility']) {
      const { account_id } = await account(`Dana${kind}`, kind);
      const month = { account_id, month: '2026-06', status: '0' };
      refused(
        await call('POST', '/payment/save', { ...month, hardship: { code: 'A', arrangement_id: 'fha-1' } }),
        422,
        'HARDSHIP_NOT_PERMITTED',
      );
      refused(await call('POST', '/payment/save', month), 422, 'REPAYMENT_HISTORY_NOT_PERMITTED');
    }
  });
});

describe('the report: FHI by month apart from RHI, the notice, and retention on the sandbox clock', () => {
  it('A for three months then V: hardship_history beside repayment_history; the notice in the JSON and the PDF', async () => {
    const { enquiry_id, account_id } = await account('Emery');
    const plain = (await call('POST', '/enquiry/getreport', { enquiry_id })).json;
    expect(plain.notices).toBeUndefined();
    const months = [
      ['2026-06', '0', 'A'],
      ['2026-07', '1', 'A'],
      ['2026-08', '0', 'A'],
      ['2026-09', '0', 'V'],
      ['2026-10', '0', undefined],
    ] as const;
    for (const [month, status, code] of months) {
      const hardship = code ? { code, arrangement_id: code === 'A' ? 'fha-temp' : 'fha-var' } : undefined;
      const res = await call('POST', '/payment/save', { account_id, month, status, hardship });
      expect(paymentResponse.parse(res.json)).toMatchObject({ month, status, ...(hardship ? { hardship } : {}) });
    }
    const report = creditReportResponse.parse((await call('POST', '/enquiry/getreport', { enquiry_id })).json);
    const mine = report.accounts.find((a) => a.account_id === account_id)!;
    expect(mine.repayment_history).toEqual(months.map(([month, status]) => ({ month, status })));
    expect(mine.hardship_history).toEqual(months.filter((m) => m[2]).map(([month, , code]) => ({ month, code })));
    expect(report.notices).toEqual([
      { code: 'financial_hardship_information', text: CREDIT_REPORT_WORDS.hardshipNotice },
    ]);
    // The sandbox's score takes 8 points per cycle of a late month: the one `1` counts, the four hardship months do not.
    expect(report.score).toBe(plain.score - 8);
    // The lender's own arrangement ids stay the lender's: never in the report (docs/credit-reporting.md).
    const raw = JSON.stringify((await call('POST', '/enquiry/getreport', { enquiry_id })).json);
    expect(raw).not.toContain('fha-temp');
    expect(raw).not.toContain('fha-var');
    expect(raw).not.toContain('arrangement_id');

    const pdf = await call('GET', `/enquiry/downloadreport?enquiry_id=${enquiry_id}`);
    const parser = new PDFParse({ data: new Uint8Array(pdf.bytes) });
    const { text } = await parser.getText();
    await parser.destroy();
    const flat = text.replace(/\s+/g, ' ');
    const section = flat.indexOf(CREDIT_REPORT_WORDS.hardship);
    expect(section).toBeGreaterThan(flat.indexOf(CREDIT_REPORT_WORDS.repaymentHistory));
    expect(flat.slice(section)).toContain(CREDIT_REPORT_WORDS.hardshipNotice);
    expect(flat.slice(section)).toContain('2026-06:A 2026-07:A 2026-08:A 2026-09:V');
    // The hardship codes appear only in their own section, never in the repayment history's line.
    expect(flat.slice(0, section)).not.toMatch(/\d{4}-\d{2}:[AV]\b/);
    expect(flat).not.toMatch(/fha-temp|fha-var/);
  });

  it('a report without FHI has neither the hardship section nor the notice in its PDF', async () => {
    const { enquiry_id, account_id } = await account('Finley');
    await call('POST', '/payment/save', { account_id, month: '2026-09', status: '0' });
    const pdf = await call('GET', `/enquiry/downloadreport?enquiry_id=${enquiry_id}`);
    const parser = new PDFParse({ data: new Uint8Array(pdf.bytes) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).not.toContain(CREDIT_REPORT_WORDS.hardship);
    expect(text.replace(/\s+/g, ' ')).not.toContain(CREDIT_REPORT_WORDS.hardshipNotice);
  });

  it('FHI leaves the report after 12 months on the sandbox clock, RHI after 24', async () => {
    const { enquiry_id, account_id } = await account('Gray');
    await call('POST', '/payment/save', {
      account_id,
      month: '2026-02',
      status: '0',
      hardship: { code: 'A', arrangement_id: 'fha-1' },
    });
    const at = async (iso: string) => {
      now = new Date(iso);
      const r = (await call('POST', '/enquiry/getreport', { enquiry_id })).json;
      return r.accounts.find((a: { account_id: string }) => a.account_id === account_id);
    };
    try {
      expect((await at('2027-01-31T23:59:59Z')).hardship_history).toEqual([{ month: '2026-02', code: 'A' }]);
      const year = await at('2027-02-01T00:00:00Z');
      expect(year.hardship_history).toEqual([]);
      expect(year.repayment_history).toEqual([{ month: '2026-02', status: '0' }]);
      expect((await at('2028-01-31T23:59:59Z')).repayment_history).toHaveLength(1);
      expect((await at('2028-02-01T00:00:00Z')).repayment_history).toEqual([]);
    } finally {
      now = new Date('2026-11-15T12:00:00Z');
    }
  });
});

describe('the client: refusals before sending, typed; C read as 0 with a warning', () => {
  const sent: string[] = [];
  const warnings: string[] = [];
  const logger: Logger = { debug() {}, info() {}, error() {}, warn: (_f, m) => void warnings.push(m) };
  const make = (withLogger = true): HostedJourneyClient =>
    createClient({
      baseUrl: sb.url,
      tokenId: 'sandbox_token',
      signingSecret: 'sandbox_secret',
      retry: false,
      ...(withLogger ? { logger } : {}),
      fetch: async (input, init) => {
        if (String(input).endsWith('/payment/save')) sent.push(String(init?.body));
        return fetch(input, init);
      },
    });
  // The client signs with the real clock; the sandbox's must agree.
  beforeAll(() => {
    now = new Date();
  });
  afterAll(() => {
    now = new Date('2026-11-15T12:00:00Z');
  });
  const month = () => new Date().toISOString().slice(0, 7);

  async function opened(client: HostedJourneyClient, account_type: 'home_loan' | 'telco' = 'home_loan') {
    const { enquiry_id } = await client.lodgeEnquiry({
      applicant: applicant(`Client${Math.random().toString(36).slice(2, 8)}`),
      enquiry_type: 'credit_application',
      product: 'home_loan',
      amount: '1000.00',
    });
    const opened_on = `${month()}-01`;
    return client.createAccount({ enquiry_id, account_type, credit_limit: '1000.00', opened_on });
  }
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isPaymentRefusal(e), String(e)).toBe(true);
    return e as PaymentRefusedError | ApiError;
  };

  it('refuses each forbidden month before sending (no request), with the code and status the service answers', async () => {
    const client = make();
    const before = sent.length;
    const loan = await opened(client);
    const telco = await opened(client, 'telco');
    const m = month();
    const A = { code: 'A', arrangement_id: 'fha-1' } as const;

    const without = await refusal(client.savePayment({ account_id: loan.account_id, month: m, hardship: A } as never));
    expect(without).toBeInstanceOf(PaymentRefusedError);
    expect([without.code, without.status]).toEqual(['HARDSHIP_WITHOUT_REPAYMENT', 422]);
    const kind = await refusal(
      client.savePayment({ account_id: telco.account_id, month: m, status: '0', hardship: A }),
    );
    expect([kind.name, kind.code]).toEqual(['PaymentRefusedError', 'HARDSHIP_NOT_PERMITTED']);

    await client.savePayment({
      account_id: loan.account_id,
      month: m,
      status: '0',
      hardship: { code: 'V', arrangement_id: 'v-1' },
    });
    const prior = `${Number(m.slice(0, 4)) + 1}-01`;
    const second = await refusal(
      client.savePayment({
        account_id: loan.account_id,
        month: prior,
        status: '0',
        hardship: { code: 'V', arrangement_id: 'v-1' },
      }),
    );
    expect([second.name, second.code, second.status]).toEqual(['PaymentRefusedError', 'SECOND_VARIATION', 409]);

    await client.closeAccount({ account_id: loan.account_id });
    const closed = await refusal(
      client.savePayment({ account_id: loan.account_id, month: m, status: '0', hardship: A }),
    );
    expect([closed.name, closed.code, closed.status]).toEqual([
      'PaymentRefusedError',
      'HARDSHIP_ON_CLOSED_ACCOUNT',
      409,
    ]);
    // One month was sent: the accepted V. Every refusal stayed in the process.
    expect(sent.length - before).toBe(1);
  });

  it('a client that has not seen the account gets the service’s refusal: ApiError with the same code', async () => {
    const first = make();
    const loan = await opened(first);
    await first.closeAccount({ account_id: loan.account_id });
    const other = make();
    const e = await refusal(
      other.savePayment({
        account_id: loan.account_id,
        month: month(),
        status: '0',
        hardship: { code: 'A', arrangement_id: 'a' },
      }),
    );
    expect(e).toBeInstanceOf(ApiError);
    expect([e.code, e.status]).toEqual(['HARDSHIP_ON_CLOSED_ACCOUNT', 409]);
  });

  it("sends 'C' as '0' and warns once per client; the report holds '0'", async () => {
    const client = make();
    const loan = await opened(client);
    warnings.length = 0;
    const answer = await client.savePayment({ account_id: loan.account_id, month: month(), status: 'C' });
    await client.savePayment({ account_id: loan.account_id, month: month(), status: 'C' });
    expect(answer.status).toBe('0');
    expect(JSON.parse(sent.at(-1)!).status).toBe('0');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/'C' is deprecated; send '0'/);

    const raw = await call('POST', '/payment/save', { account_id: loan.account_id, month: month(), status: 'C' });
    expect(raw.json).toMatchObject({ status: '0', warnings: [{ code: 'DEPRECATED_REPAYMENT_CODE' }] });
  });
});
