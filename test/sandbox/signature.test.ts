// Every signed endpoint refuses what is not signed by a configured token, fresh, over these exact bytes.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const run = promisify(execFile);
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({
    tokens: [
      { tokenId: 'tok_a', secret: 'secret_a' },
      { tokenId: 'tok_b', secret: 'secret_b' },
    ],
  });
});
afterAll(() => sb.close());

const lodge = {
  applicant: {
    first_name: 'Alex',
    last_name: 'Citizen',
    date_of_birth: '1990-04-01',
    address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  },
  enquiry_type: 'credit_application',
  product: 'personal_loan',
  amount: '5000.00',
};

async function python(...args: string[]): Promise<{ status: number; body: any }> {
  const { stdout } = await run('python3', ['test/sandbox/sign.py', sb.url, ...args]);
  const [status, ...rest] = stdout.split('\n');
  return { status: Number(status), body: JSON.parse(rest.join('\n')) };
}

function expectError(res: { status: number; json: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.json.error.code).toBe(code);
  expect(res.json.error.request_id).toBe(res.headers.get('x-request-id'));
  expect(res.json.error.message).toEqual(expect.any(String));
}

describe('request signatures', () => {
  it('accepts a request signed by an independent Python implementation', async () => {
    const res = await python('POST', '/enquiry/lodge', 'tok_b', 'secret_b', JSON.stringify(lodge));
    expect(res.status).toBe(201);
    expect(res.body.enquiry_id).toMatch(/^enq_/);
  });

  it('refuses the same Python request with one body byte changed after signing', async () => {
    const res = await python('POST', '/enquiry/lodge', 'tok_b', 'secret_b', JSON.stringify(lodge), '--tamper');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('BODY_DIGEST_MISMATCH');
  });

  it('signs the query string: a Python-signed GET is accepted, the same headers on another query refused', async () => {
    const ok = await python('GET', '/api/v1/applications/app_nope/bundle?format=json', 'tok_a', 'secret_a');
    expect(ok.status).toBe(404); // authenticated, then the id is unknown
    const { signRequest } = await import('../../src/server/index.js');
    const headers = await signRequest({
      method: 'GET',
      path: '/api/v1/applications/app_nope/bundle?format=json',
      tokenId: 'tok_a',
      secret: 'secret_a',
    });
    expectError(
      await sb.raw('GET', '/api/v1/applications/app_nope/bundle?format=csv', { headers }),
      401,
      'BAD_SIGNATURE',
    );
  });

  it('401 MISSING_HEADER without any signature headers', async () => {
    expectError(
      await sb.raw('POST', '/enquiry/lodge', {
        body: JSON.stringify(lodge),
        headers: { 'content-type': 'application/json' },
      }),
      401,
      'MISSING_HEADER',
    );
  });

  it('401 MALFORMED_HEADER for a non-HMAC authorization', async () => {
    const res = await sb.request('POST', '/enquiry/lodge', lodge, { headers: { authorization: 'Bearer abc' } });
    expectError(res, 401, 'MALFORMED_HEADER');
  });

  it('401 UNKNOWN_KEY for a token the sandbox does not know', async () => {
    expectError(
      await sb.request('POST', '/enquiry/lodge', lodge, { tokenId: 'tok_x', secret: 'secret_a' }),
      401,
      'UNKNOWN_KEY',
    );
  });

  it('401 BAD_SIGNATURE for a known token with the wrong secret', async () => {
    expectError(
      await sb.request('POST', '/enquiry/lodge', lodge, { tokenId: 'tok_a', secret: 'secret_b' }),
      401,
      'BAD_SIGNATURE',
    );
  });

  it('401 TIMESTAMP_TOO_OLD for a date 10 minutes ago, TIMESTAMP_IN_FUTURE for 10 minutes ahead', async () => {
    expectError(
      await sb.request('POST', '/enquiry/lodge', lodge, { date: new Date(Date.now() - 600_000) }),
      401,
      'TIMESTAMP_TOO_OLD',
    );
    expectError(
      await sb.request('POST', '/enquiry/lodge', lodge, { date: new Date(Date.now() + 600_000) }),
      401,
      'TIMESTAMP_IN_FUTURE',
    );
  });

  it('a signature for one path does not authorise another (replay to a different endpoint)', async () => {
    const { signRequest } = await import('../../src/server/index.js');
    const body = JSON.stringify(lodge);
    const headers = await signRequest({
      method: 'POST',
      path: '/enquiry/lodge',
      body,
      tokenId: 'tok_a',
      secret: 'secret_a',
    });
    const res = await sb.raw('POST', '/account/create', { body, headers });
    expectError(res, 401, 'BAD_SIGNATURE');
  });

  it('authenticates before revealing whether an id exists', async () => {
    expectError(await sb.raw('GET', '/api/v1/applications/app_nope/bundle?format=json'), 401, 'MISSING_HEADER');
  });
});
