// Attack: one token acts on another token's credit file. With its own valid signature and token A's enquiry, account
// and default ids, token B reads A's report (JSON and PDF), opens an account on A's enquiry, saves a hardship month on
// A's account, closes it, lists a default on it and marks A's default paid. An enquiry, an account and a default
// belong to the token that created them: every other token gets exactly the answer it would get for an unknown id,
// and A's report is unchanged afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { startTestSandbox, type SandboxResponse, type TestSandbox } from '../support/sandbox.js';
import { applicant, openCreditAccount } from '../support/credit.js';

const OWNER = { tokenId: 'owner_token', secret: 'owner_secret' };
const OTHER = { tokenId: 'other_token', secret: 'other_secret' };
/** YYYY-MM of the month `ago` months before the current one (the sandbox runs on the real clock, as the client). */
const month = (ago: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago, 1)).toISOString().slice(0, 7);
};
const UNKNOWN = { enquiry: 'enq_000000000000000000000000', account: 'acct_000000000000000000000000' };

let sb: TestSandbox;
const as = (token: typeof OWNER) => (method: string, path: string, body?: unknown) =>
  sb.request(method, path, body, token);
const owner = (method: string, path: string, body?: unknown) => as(OWNER)(method, path, body);
const other = (method: string, path: string, body?: unknown) => as(OTHER)(method, path, body);

let ids: { enquiry: string; account: string; default: string };
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 'foreign-credit', tokens: [OWNER, OTHER] });
  const { enquiry_id: enquiry, account_id: account } = await openCreditAccount(
    (path, body) => owner('POST', path, body),
    applicant('Olive', 'Owner'),
    { product: 'personal_loan', amount: '8000.00', opened_on: `${month(6)}-10` },
  );
  expect((await owner('POST', '/payment/save', { account_id: account, month: month(1), status: '2' })).status).toBe(
    200,
  );
  const dft = await owner('POST', '/default/register', { account_id: account, amount: '900.00', days_overdue: 75 });
  expect(dft.status).toBe(201);
  ids = { enquiry, account, default: dft.json.default_id as string };
});
afterAll(() => sb.close());

/** An error answer with ids and request ids blanked, to compare two answers. */
const shape = (res: SandboxResponse) => ({
  status: res.status,
  code: res.json?.error?.code,
  message: String(res.json?.error?.message ?? '').replace(/(enq|acct|dft)_[0-9a-f]+/g, 'X'),
  fields: res.json?.error?.fields,
});
const sameAsUnknown = (foreign: SandboxResponse, unknown: SandboxResponse, status: number, code: string) => {
  expect(shape(foreign)).toEqual(shape(unknown));
  expect([foreign.status, foreign.json?.error?.code]).toEqual([status, code]);
  expect(foreign.text).not.toContain('Olive');
};
const ownerReport = async () => {
  const { generated_at: _, ...report } = (await owner('POST', '/enquiry/getreport', { enquiry_id: ids.enquiry })).json;
  return report;
};

describe("another token's enquiry, account and default are as if they did not exist", () => {
  it('getreport and downloadreport: 404 ENQUIRY_NOT_FOUND, no applicant, no PDF', async () => {
    expect((await owner('POST', '/enquiry/getreport', { enquiry_id: ids.enquiry })).status).toBe(200);
    sameAsUnknown(
      await other('POST', '/enquiry/getreport', { enquiry_id: ids.enquiry }),
      await other('POST', '/enquiry/getreport', { enquiry_id: UNKNOWN.enquiry }),
      404,
      'ENQUIRY_NOT_FOUND',
    );
    const pdf = await other('GET', `/enquiry/downloadreport?enquiry_id=${ids.enquiry}`);
    sameAsUnknown(
      pdf,
      await other('GET', `/enquiry/downloadreport?enquiry_id=${UNKNOWN.enquiry}`),
      404,
      'ENQUIRY_NOT_FOUND',
    );
    expect(pdf.headers.get('content-type')).not.toContain('pdf');
  });

  it('the client of token B gets a typed ApiError 404 for A’s enquiry', async () => {
    const client = createClient({ baseUrl: sb.url, tokenId: OTHER.tokenId, signingSecret: OTHER.secret, retry: false });
    const error = await client.getReport({ enquiry_id: ids.enquiry }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 404, code: 'ENQUIRY_NOT_FOUND' });
    const pdf = await client.downloadReport({ enquiry_id: ids.enquiry }).catch((e: unknown) => e);
    expect(pdf).toMatchObject({ name: 'ApiError', status: 404, code: 'ENQUIRY_NOT_FOUND' });
  });

  it('account/create on A’s enquiry: 409 NO_ENQUIRY, as for an enquiry never lodged', async () => {
    const body = (enquiry_id: string) => ({
      enquiry_id,
      account_type: 'credit_card',
      credit_limit: '500.00',
      opened_on: `${month(2)}-01`,
    });
    sameAsUnknown(
      await other('POST', '/account/create', body(ids.enquiry)),
      await other('POST', '/account/create', body(UNKNOWN.enquiry)),
      409,
      'NO_ENQUIRY',
    );
  });

  it('payment/save with FHI, account/update (close), default/register on A’s account: 404 ACCOUNT_NOT_FOUND', async () => {
    const calls: Array<[string, (account_id: string) => Record<string, unknown>]> = [
      [
        '/payment/save',
        (account_id) => ({ account_id, month: month(2), status: '0', hardship: { code: 'A', arrangement_id: 'b-1' } }),
      ],
      ['/payment/save', (account_id) => ({ account_id, month: month(1), status: '0' })],
      ['/account/update', (account_id) => ({ account_id, status: 'closed', closed_on: `${month(0)}-01` })],
      ['/account/update', (account_id) => ({ account_id, credit_limit: '99999.00' })],
      ['/default/register', (account_id) => ({ account_id, amount: '5000.00', days_overdue: 120 })],
    ];
    for (const [path, body] of calls)
      sameAsUnknown(
        await other('POST', path, body(ids.account)),
        await other('POST', path, body(UNKNOWN.account)),
        404,
        'ACCOUNT_NOT_FOUND',
      );
  });

  it('default/update of A’s default: 409 UNKNOWN_DEFAULT, as for a default never registered', async () => {
    sameAsUnknown(
      await other('POST', '/default/update', { default_id: ids.default, status: 'paid' }),
      await other('POST', '/default/update', { default_id: 'dft_000000000000000000000000', status: 'paid' }),
      409,
      'UNKNOWN_DEFAULT',
    );
  });
});

describe("A's credit file after B's attempts", () => {
  it('is unchanged: no hardship, still open with its limit, its one default outstanding, its one month', async () => {
    const before = await ownerReport();
    const hardship = { code: 'A', arrangement_id: 'b' };
    for (const [path, body] of [
      ['/payment/save', { account_id: ids.account, month: month(1), status: '0', hardship }],
      ['/account/update', { account_id: ids.account, status: 'closed' }],
      ['/default/update', { default_id: ids.default, status: 'paid' }],
      ['/default/register', { account_id: ids.account, amount: '5000.00', days_overdue: 120 }],
    ] as const)
      expect((await other('POST', path, body)).status).toBeGreaterThanOrEqual(400);
    const after = await ownerReport();
    expect(after).toEqual(before);
    const mine = after.accounts.find((a: { account_id: string }) => a.account_id === ids.account);
    expect(mine).toMatchObject({
      status: 'open',
      credit_limit: '8000.00',
      repayment_history: [{ month: month(1), status: '2' }],
      hardship_history: [],
    });
    expect(after.notices).toBeUndefined();
    expect(after.defaults).toEqual([expect.objectContaining({ default_id: ids.default, status: 'outstanding' })]);
  });

  it('stays the owner’s to change: A saves a month, marks its default paid and closes its account', async () => {
    expect(
      (await owner('POST', '/payment/save', { account_id: ids.account, month: month(0), status: '0' })).status,
    ).toBe(200);
    expect((await owner('POST', '/default/update', { default_id: ids.default, status: 'paid' })).json.status).toBe(
      'paid',
    );
    expect((await owner('POST', '/account/update', { account_id: ids.account, status: 'closed' })).json.status).toBe(
      'closed',
    );
  });
});
