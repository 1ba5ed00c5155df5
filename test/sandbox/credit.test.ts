// Credit reporting over real HTTP: enquiry → report (JSON, PDF) → account → payments → default.
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountResponse,
  creditReportResponse,
  defaultResponse,
  enquiryResponse,
  paymentResponse,
} from '../../src/protocol/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
/** The sandbox's clock, and the Date every request is signed with: the months below stay within the 24 kept. */
const NOW = new Date('2026-11-15T12:00:00Z');
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 'credit-seed', now: () => NOW });
  const request = sb.request;
  sb.request = (method, path, body, options) => request(method, path, body, { date: NOW, ...options });
});
afterAll(() => sb.close());

const expectError = (res: { status: number; json: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error.code).toBe(code);
};
const applicant = (first = 'Jordan') => ({
  first_name: first,
  last_name: 'Example',
  date_of_birth: '1988-02-29',
  address: { line1: '10 Smith St', suburb: 'Fitzroy', state: 'VIC', postcode: '3065' },
});
const lodge = (first?: string) =>
  sb.request('POST', '/enquiry/lodge', {
    applicant: applicant(first),
    enquiry_type: 'credit_application',
    product: 'credit_card',
    amount: '3000.00',
  });

describe('credit reporting', () => {
  it('walks lodge → report → account → payments → default → update, reflected in the report', async () => {
    const enq = await lodge();
    expect(enq.status).toBe(201);
    expect(enquiryResponse.safeParse(enq.json).success).toBe(true);
    const enquiry_id = enq.json.enquiry_id as string;

    const before = await sb.request('POST', '/enquiry/getreport', { enquiry_id });
    expect(before.status).toBe(200);
    expect(creditReportResponse.safeParse(before.json).success).toBe(true);
    expect(before.json.enquiries.some((e: { enquiry_id?: string }) => e.enquiry_id === enquiry_id)).toBe(true);

    const acc = await sb.request('POST', '/account/create', {
      enquiry_id,
      account_type: 'credit_card',
      credit_limit: '3000.00',
      opened_on: '2026-01-15',
    });
    expect(acc.status).toBe(201);
    expect(accountResponse.safeParse(acc.json).success).toBe(true);
    const account_id = acc.json.account_id as string;
    for (const [month, status] of [
      ['2026-02', '0'],
      ['2026-03', '1'],
      ['2026-04', '3'],
    ] as const) {
      const pay = await sb.request('POST', '/payment/save', { account_id, month, status });
      expect(pay.status).toBe(200);
      expect(paymentResponse.parse(pay.json)).toMatchObject({ account_id, month, status });
    }
    const dft = await sb.request('POST', '/default/register', { account_id, amount: '450.00', days_overdue: 75 });
    expect(dft.status).toBe(201);
    expect(defaultResponse.parse(dft.json).status).toBe('outstanding');

    const after = await sb.request('POST', '/enquiry/getreport', { enquiry_id });
    const mine = after.json.accounts.find((a: { account_id: string }) => a.account_id === account_id);
    expect(mine.repayment_history).toEqual([
      { month: '2026-02', status: '0' },
      { month: '2026-03', status: '1' },
      { month: '2026-04', status: '3' },
    ]);
    expect(after.json.defaults).toHaveLength(1);
    expect(after.json.score).toBeLessThan(before.json.score);

    const paid = await sb.request('POST', '/default/update', { default_id: dft.json.default_id, status: 'paid' });
    expect(paid.json.status).toBe('paid');
    expectError(
      await sb.request('POST', '/default/update', { default_id: dft.json.default_id, status: 'closed' }),
      409,
      'DEFAULT_CLOSED',
    );

    const closed = await sb.request('POST', '/account/update', {
      account_id,
      status: 'closed',
      closed_on: '2026-05-01',
    });
    expect(closed.json).toMatchObject({ status: 'closed', closed_on: '2026-05-01' });
    expectError(
      await sb.request('POST', '/payment/save', { account_id, month: '2026-05', status: '0' }),
      409,
      'ACCOUNT_CLOSED',
    );
    expectError(
      await sb.request('POST', '/account/update', { account_id, credit_limit: '100.00' }),
      409,
      'ACCOUNT_CLOSED',
    );
  });

  it('reports are deterministic for the same seed and applicant', async () => {
    const a = await lodge('Sam');
    const b = await lodge('Sam');
    const ra = (await sb.request('POST', '/enquiry/getreport', { enquiry_id: a.json.enquiry_id })).json;
    const rb = (await sb.request('POST', '/enquiry/getreport', { enquiry_id: b.json.enquiry_id })).json;
    expect(ra.score).toBe(rb.score);
    expect(ra.accounts).toEqual(rb.accounts);
  });

  it('downloads the report as a PDF that names the applicant and the score', async () => {
    const enq = await lodge('Casey');
    const res = await sb.request('GET', `/enquiry/downloadreport?enquiry_id=${enq.json.enquiry_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(res.bytes) });
    const { text } = await parser.getText();
    await parser.destroy();
    const report = (await sb.request('POST', '/enquiry/getreport', { enquiry_id: enq.json.enquiry_id })).json;
    expect(text).toContain('Casey Example');
    expect(text).toContain(`${report.score}`);
  });

  it('validates applicants: 422 fields for a bad postcode, state and an under-age applicant', async () => {
    const bad = await sb.request('POST', '/enquiry/lodge', {
      applicant: { ...applicant(), address: { line1: 'x', suburb: 'y', state: 'XX', postcode: '30' } },
      enquiry_type: 'credit_application',
      product: 'credit_card',
      amount: '3000',
    });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.json.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'applicant.address.postcode',
      'applicant.address.state',
    ]);
    const young = await sb.request('POST', '/enquiry/lodge', {
      applicant: { ...applicant(), date_of_birth: '2015-01-01' },
      enquiry_type: 'credit_application',
      product: 'bnpl',
      amount: '10',
    });
    expectError(young, 422, 'VALIDATION_FAILED');
  });

  it('ordering and unknown ids: 409 NO_ENQUIRY, 404 ENQUIRY_NOT_FOUND / ACCOUNT_NOT_FOUND, 409 UNKNOWN_DEFAULT', async () => {
    expectError(
      await sb.request('POST', '/account/create', {
        enquiry_id: 'enq_missing',
        account_type: 'bnpl',
        credit_limit: '500',
        opened_on: '2026-01-01',
      }),
      409,
      'NO_ENQUIRY',
    );
    expectError(
      await sb.request('POST', '/enquiry/getreport', { enquiry_id: 'enq_missing' }),
      404,
      'ENQUIRY_NOT_FOUND',
    );
    expectError(await sb.request('GET', '/enquiry/downloadreport?enquiry_id=enq_missing'), 404, 'ENQUIRY_NOT_FOUND');
    expectError(await sb.request('GET', '/enquiry/downloadreport'), 422, 'VALIDATION_FAILED');
    expectError(
      await sb.request('POST', '/account/update', { account_id: 'acct_missing', status: 'closed' }),
      404,
      'ACCOUNT_NOT_FOUND',
    );
    expectError(
      await sb.request('POST', '/payment/save', { account_id: 'acct_missing', month: '2026-01', status: '0' }),
      404,
      'ACCOUNT_NOT_FOUND',
    );
    expectError(
      await sb.request('POST', '/default/register', { account_id: 'acct_missing', amount: '200', days_overdue: 90 }),
      404,
      'ACCOUNT_NOT_FOUND',
    );
    expectError(
      await sb.request('POST', '/default/update', { default_id: 'dft_missing', status: 'paid' }),
      409,
      'UNKNOWN_DEFAULT',
    );
  });

  it('a default needs at least $150 overdue for at least 60 days; payment codes are 0, 1..6, X', async () => {
    const enq = await lodge('Robin');
    const acc = await sb.request('POST', '/account/create', {
      enquiry_id: enq.json.enquiry_id,
      account_type: 'personal_loan',
      credit_limit: '5000',
      opened_on: '2026-01-01',
    });
    const small = await sb.request('POST', '/default/register', {
      account_id: acc.json.account_id,
      amount: '149.99',
      days_overdue: 90,
    });
    expectError(small, 422, 'VALIDATION_FAILED');
    expect(small.json.error.fields).toEqual([{ path: 'amount', message: expect.stringContaining('150') }]);
    const early = await sb.request('POST', '/default/register', {
      account_id: acc.json.account_id,
      amount: '150.00',
      days_overdue: 59,
    });
    expect(early.json.error.fields).toEqual([{ path: 'days_overdue', message: expect.stringContaining('60') }]);
    expect(
      (
        await sb.request('POST', '/default/register', {
          account_id: acc.json.account_id,
          amount: '150.00',
          days_overdue: 60,
        })
      ).status,
    ).toBe(201);
    expectError(
      await sb.request('POST', '/payment/save', { account_id: acc.json.account_id, month: '2026-02', status: '7' }),
      422,
      'VALIDATION_FAILED',
    );
    expect(
      (await sb.request('POST', '/payment/save', { account_id: acc.json.account_id, month: '2026-02', status: 'X' }))
        .status,
    ).toBe(200);
    expectError(
      await sb.request('POST', '/payment/save', { account_id: acc.json.account_id, month: '2025-12', status: '0' }),
      422,
      'VALIDATION_FAILED',
    );
  });
});
