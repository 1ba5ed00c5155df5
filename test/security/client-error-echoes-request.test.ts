// Attack: a service error's text went into `e.message` (and `code`, `fields`, `requestId`) verbatim. A service or a
// proxy that echoes the request put the request's own `Authorization` signature (with Date and Content-MD5, enough
// to replay it within the clock window) into every log line that prints the error, and CR/LF in its text forged
// further log lines. Control characters are stripped and no value of the request's own headers reaches an error.
// A real node:http server on loopback echoes every request header into its error body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startHttp } from '../support/http.js';
import { entries } from '../support/providers.js';

let srv: Awaited<ReturnType<typeof startHttp>>;
beforeAll(async () => {
  srv = await startHttp((r, res) => {
    const echoed = Object.entries(r.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    const sig = String(r.headers.authorization).split(':')[1];
    json(
      res,
      r.url.includes('/profile') ? 422 : 400,
      {
        error: {
          code: 'BAD_REQUEST\r\nX-Forged: 1',
          message: `rejected request\r\n${echoed}\nsignature was ${sig}\u2028INFO forged line`,
          request_id: `req_1\n${r.headers.date}`,
          fields: [{ path: `full_name\r\n${sig}`, message: `bad: ${r.headers.authorization}\n${r.headers.date}` }],
        },
      },
      { 'x-request-id': 'req_1' },
    );
  });
});
afterAll(() => srv.close());

describe.each(entries)('an error body that echoes the request — $name', ({ api }) => {
  it('reaches the caller without CR/LF and without any value of our own request headers', async () => {
    const c = api.createClient({
      baseUrl: srv.url,
      tokenId: 'tok_1',
      signingSecret: 'sk_test_secret',
      retry: false,
    });
    srv.requests.length = 0;
    const errors = [
      await c.finalise({ vendor: 'acme', ref: 'c1', idempotencyKey: 'payment-4711-key' }).catch((e: unknown) => e),
      await c.startApplication({ vendor: 'acme', ref: 'c1', full_name: 'Ada' }).catch((e: unknown) => e),
      await c.downloadBundle({ id: 'app_1', format: 'pdf' }).catch((e: unknown) => e),
    ];
    expect(srv.requests).toHaveLength(3);
    for (const [i, e] of errors.entries()) {
      const req = srv.requests[i]!;
      const auth = String(req.headers.authorization);
      const ours = [auth, auth.split(':')[1]!, String(req.headers.date), String(req.headers['content-md5'])];
      if (i === 0) ours.push('payment-4711-key');
      const err = e as { name: string; message: string; code: string; requestId: string; fields: unknown };
      expect(err).toMatchObject({ name: 'ApiError', status: i === 1 ? 422 : 400 });
      const text = JSON.stringify([err.message, err.code, err.requestId, err.fields, String(err)]);
      for (const value of ours) expect(text).not.toContain(value);
      for (const part of [err.message, err.code, err.requestId, JSON.stringify(err.fields)])
        expect(part).not.toMatch(/[\r\n\u2028\u2029]/);
      // What the service said otherwise is still there, for the integrator to read.
      expect(err.message).toContain('rejected request');
      expect(err.message).toContain('[redacted]');
      expect(err.message).toContain('host: 127.0.0.1');
      expect(err.code).toBe('BAD_REQUEST  X-Forged: 1');
    }
  });
});
