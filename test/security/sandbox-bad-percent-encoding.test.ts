// Attack (sandbox part): paths with bad percent-encoding (`/i/%E0%A4%A/c1`, `/journey-api/%E0%A4%A/...`) make
// decodeURIComponent throw, which must not become 500 INTERNAL with a URIError logged: every route answers
// 400 BAD_REQUEST with the typed error body, and nothing is logged.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const BAD = '%E0%A4%A';
let sb: TestSandbox;
let logged: ReturnType<typeof vi.spyOn>;
beforeAll(async () => {
  sb = await startTestSandbox();
  logged = vi.spyOn(console, 'error');
});
afterEach(() => logged.mockClear());
afterAll(async () => {
  logged.mockRestore();
  await sb.close();
});

describe('sandbox: bad percent-encoding is a 400 on every route', () => {
  it.each([
    ['GET', `/i/${BAD}/c1`],
    ['GET', `/i/acme/${BAD}`],
    ['GET', `/i/acme/c1/banks/${BAD}`],
    ['GET', `/i/acme/${BAD}/bank-return`],
    ['GET', `/journey-api/${BAD}/c1/status`],
    ['POST', `/journey-api/${BAD}/c1/start`],
    ['POST', `/journey-api/acme/${BAD}/start`],
    ['GET', `/journey-api/acme/c1/consents/${BAD}`],
    ['POST', `/api/v1/${BAD}/c1/profile`],
    ['GET', `/api/v1/applications/${BAD}/bundle`],
    ['GET', `/bank/${BAD}/authorise`],
    ['GET', `/assets/${BAD}`],
    ['GET', `/${BAD}`],
  ] as const)('%s %s → 400 BAD_REQUEST, nothing logged', async (method, path) => {
    const res = await sb.raw(method, path, {
      headers: { 'content-type': 'application/json', origin: sb.url },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'BAD_REQUEST', request_id: expect.stringMatching(/^req_/) });
    expect(res.headers.get('x-request-id')).toBe(res.json.error.request_id);
    expect(logged).not.toHaveBeenCalled();
  });
});
