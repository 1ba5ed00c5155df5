// Whose enquiry: the credit report names the vendor of the token that lodged an enquiry (enquirer) and created its
// account (provider), as the service knows whose credentials sign a request; a token without a vendor is the
// sandbox's stand-in lender; a token's vendor that is no vendor label is refused at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
const ACME = { tokenId: 'acme_token', secret: 'acme_secret', vendor: 'acme-lending' };
const PLAIN = { tokenId: 'plain_token', secret: 'plain_secret' };
beforeAll(async () => {
  sb = await startTestSandbox({ tokens: [ACME, PLAIN] });
});
afterAll(() => sb.close());

async function lodgeAndOpen(token: { tokenId: string; secret: string }) {
  const as = { tokenId: token.tokenId, secret: token.secret };
  const enq = await sb.request(
    'POST',
    '/enquiry/lodge',
    {
      applicant: {
        first_name: 'Robin',
        last_name: token.tokenId.replace(/_/g, ''),
        date_of_birth: '1990-05-01',
        address: { line1: '1 Main St', suburb: 'Carlton', state: 'VIC', postcode: '3053' },
      },
      enquiry_type: 'credit_application',
      product: 'personal_loan',
      amount: '5000.00',
    },
    as,
  );
  expect(enq.status).toBe(201);
  const enquiry_id = enq.json.enquiry_id as string;
  const acc = await sb.request(
    'POST',
    '/account/create',
    { enquiry_id, account_type: 'personal_loan', credit_limit: '5000.00', opened_on: '2026-01-15' },
    as,
  );
  expect(acc.status).toBe(201);
  const report = (await sb.request('POST', '/enquiry/getreport', { enquiry_id }, as)).json;
  return {
    enquirer: report.enquiries.find((e: { enquiry_id?: string }) => e.enquiry_id === enquiry_id).enquirer,
    provider: report.accounts.find((a: { account_id: string }) => a.account_id === acc.json.account_id).provider,
  };
}

describe('credit report: the lender is the lodging token’s vendor', () => {
  it('a token with vendor acme-lending is named Acme Lending as enquirer and as provider', async () => {
    expect(await lodgeAndOpen(ACME)).toEqual({ enquirer: 'Acme Lending', provider: 'Acme Lending' });
  });

  it('a token without a vendor is the sandbox’s stand-in lender', async () => {
    expect(await lodgeAndOpen(PLAIN)).toEqual({ enquirer: 'Sandbox vendor', provider: 'Sandbox vendor' });
  });

  it('a vendor that is no vendor label is refused when the sandbox starts, naming the option', async () => {
    await expect(
      startSandbox({ port: 0, tokens: [{ tokenId: 't', secret: 's', vendor: 'Acme Lending' }] }),
    ).rejects.toMatchObject({ name: 'SandboxOptionError', message: expect.stringContaining('tokens.vendor') });
  });
});
