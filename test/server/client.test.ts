import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRequest } from '../../src/server/testing.js';
import { json, startHttp } from '../support/http.js';
import { entries } from '../support/providers.js';

const SECRET = 'sk_test_very-secret-value-1234';
const KEYS = [{ tokenId: 'tok_1', secret: SECRET }];
/** A month the client reports without refusing it: the current one. */
const MONTH = new Date().toISOString().slice(0, 7);
const applicant = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-01-31',
  address: { line1: '1 King St', suburb: 'Sydney', state: 'NSW' as const, postcode: '2000' },
};

/** The reply for each endpoint; every reply carries an extra field that must pass through. */
function reply(path: string): unknown {
  const extra = { future_field: 'kept' };
  if (path.endsWith('/profile'))
    return {
      application_id: 'app_1',
      vendor: 'acme',
      ref: 'c1',
      status: 'started',
      journey_url: 'http://127.0.0.1:4010/i/acme/c1',
      ...extra,
    };
  if (path.endsWith('/consents')) return { consent_id: 'con_1', consent_url: 'https://bank.example/consent', ...extra };
  if (path.endsWith('/finalise')) return { application_id: 'app_1', status: 'finalised', ...extra };
  if (path === '/enquiry/lodge')
    return { enquiry_id: 'enq_1', status: 'lodged', lodged_at: '2026-11-22T00:00:00.000Z', ...extra };
  if (path === '/enquiry/getreport')
    return {
      enquiry_id: 'enq_1',
      generated_at: '2026-11-22T00:00:00.000Z',
      applicant,
      score: 700,
      score_band: 'good',
      enquiries: [],
      accounts: [],
      defaults: [],
      ...extra,
    };
  if (path.startsWith('/account/'))
    return {
      account_id: 'acc_1',
      enquiry_id: 'enq_1',
      account_type: 'personal_loan',
      credit_limit: '3000',
      opened_on: '2026-01-01',
      status: 'open',
      ...extra,
    };
  if (path === '/payment/save') return { account_id: 'acc_1', month: '2026-10', status: 'C', ...extra };
  if (path.startsWith('/default/'))
    return { default_id: 'def_1', account_id: 'acc_1', amount: '150.00', status: 'outstanding', ...extra };
  return { error: { code: 'NOT_FOUND', message: 'no route' } };
}

/**
 * `expect(actual).toEqual(expected)` for bytes, without its element-by-element walk (seconds for the 300 KB bundle): a
 * Uint8Array (a Buffer is one) with the same bytes.
 */
function expectBytes(actual: unknown, expected: Uint8Array): void {
  expect(actual).toBeInstanceOf(Uint8Array);
  expect(Buffer.compare(actual as Uint8Array, expected), 'the same bytes').toBe(0);
}

/** A client of `api` for the test server at `url()`: the test token, retries 5 ms apart; `extra` overrides any. */
const clientFor =
  (api: (typeof entries)[number]['api'], url: () => string) =>
  (extra: object = {}) =>
    api.createClient({ baseUrl: url(), tokenId: 'tok_1', signingSecret: SECRET, retry: { baseDelayMs: 5 }, ...extra });

describe.each(entries)('createClient — $name', ({ api }) => {
  let srv: Awaited<ReturnType<typeof startHttp>>;
  const verified: string[] = [];
  const bundle = new Uint8Array(300_000).map((_, i) => (i * 7) & 255);

  beforeAll(async () => {
    srv = await startHttp(async (req, res) => {
      try {
        await verifyRequest({ method: req.method, path: req.url, headers: req.headers, body: req.body, keys: KEYS });
        verified.push(req.url);
      } catch (e) {
        return json(res, 401, { error: { code: 'BAD_SIGNATURE', message: (e as Error).message } });
      }
      const path = req.url.split('?')[0]!;
      if (path.endsWith('/bundle') || path === '/enquiry/downloadreport') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return void res.end(bundle);
      }
      json(res, 200, reply(path));
    });
  });
  afterAll(() => srv.close());

  const mk = clientFor(api, () => srv.url);

  it('calls all fourteen endpoints, signed, with the documented method, path and body', async () => {
    const c = mk();
    srv.requests.length = 0;
    const vr = { vendor: 'acme', ref: 'c1' };
    const results = [
      await c.startApplication({ ...vr, full_name: 'Ada L', email: 'ada@example.com', days_to_retrieve: 90 }),
      await c.attachInstitution({ ...vr, bank_id: 'bank_cba', pathway: 'cdr' }),
      await c.createConsent({ ...vr, redirect_uri: 'https://app.example/cb' }),
      await c.finalise(vr),
      await c.lodgeEnquiry({
        applicant,
        enquiry_type: 'credit_application',
        product: 'personal_loan',
        amount: '5000.00',
      }),
      await c.getReport({ enquiry_id: 'enq_1' }),
      await c.createAccount({
        enquiry_id: 'enq_1',
        account_type: 'credit_card',
        credit_limit: '2000',
        opened_on: '2026-01-01',
      }),
      await c.updateAccount({ account_id: 'acc_1', credit_limit: '3000' }),
      await c.closeAccount({ account_id: 'acc_1', closed_on: '2026-11-01' }),
      await c.savePayment({ account_id: 'acc_1', month: MONTH, status: 'C' }),
      await c.registerDefault({ account_id: 'acc_1', amount: '150.00', days_overdue: 60 }),
      await c.updateDefault({ default_id: 'def_1', status: 'paid' }),
    ];
    const bytes = await c.downloadBundle({ id: 'app_1', format: 'pdf' });
    const report = await c.downloadReport({ enquiry_id: 'enq_1' });
    for (const r of results) expect(r).toMatchObject({ future_field: 'kept' });
    expectBytes(bytes, bundle);
    expectBytes(report, bundle);
    expect(srv.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/acme/c1/profile',
      'POST /api/v1/acme/c1/profile',
      'POST /api/v1/acme/c1/consents',
      'POST /api/v1/acme/c1/finalise',
      'POST /enquiry/lodge',
      'POST /enquiry/getreport',
      'POST /account/create',
      'POST /account/update',
      'POST /account/update',
      'POST /payment/save',
      'POST /default/register',
      'POST /default/update',
      'GET /api/v1/applications/app_1/bundle?format=pdf',
      'GET /enquiry/downloadreport?enquiry_id=enq_1',
    ]);
    expect(verified.slice(-14)).toHaveLength(14);
    expect(JSON.parse(srv.requests[1]!.body.toString())).toEqual({ bank_id: 'bank_cba', pathway: 'cdr' });
    expect(JSON.parse(srv.requests[8]!.body.toString())).toEqual({
      account_id: 'acc_1',
      closed_on: '2026-11-01',
      status: 'closed',
    });
    const keys = srv.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(12);
    expect(srv.requests.every((r) => r.method === 'POST' || r.headers['idempotency-key'] === undefined)).toBe(true);
  });

  it('streams a download when asked', async () => {
    const stream = await mk().downloadBundle({ id: 'app_1', format: 'csv', as: 'stream' });
    expect(stream).toBeInstanceOf(ReadableStream);
    const parts: Uint8Array[] = [];
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
    expectBytes(Buffer.concat(parts), bundle);
  });

  it('validates requests before sending and lists field paths', async () => {
    const before = srv.requests.length;
    const c = mk();
    const e1 = await c
      .lodgeEnquiry({
        applicant: { ...applicant, address: { ...applicant.address, postcode: '20' } },
        enquiry_type: 'credit_application',
        product: 'personal_loan',
        amount: '12.345',
      })
      .catch((e) => e);
    expect(e1).toMatchObject({ name: 'HostedJourneyValidationError', code: 'VALIDATION' });
    expect(e1.fields.map((f: { path: string }) => f.path).sort()).toEqual(['amount', 'applicant.address.postcode']);
    await expect(c.registerDefault({ account_id: 'acc_1', amount: '149.99', days_overdue: 59 })).rejects.toMatchObject({
      name: 'HostedJourneyValidationError',
    });
    await expect(c.finalise({ vendor: 'acme/../x', ref: 'c1' })).rejects.toMatchObject({
      fields: [{ path: 'vendor' }],
    });
    await expect(c.downloadBundle({ id: 'app_1', format: 'docx' as 'pdf' })).rejects.toMatchObject({
      name: 'HostedJourneyValidationError',
    });
    await expect(c.attachInstitution({ vendor: 'a', ref: 'b' } as never)).rejects.toMatchObject({
      name: 'HostedJourneyValidationError',
    });
    expect(srv.requests.length).toBe(before);
  });

  it('a wrong secret is answered 401 and surfaces as AuthenticationError, not retried', async () => {
    const c = api.createClient({
      baseUrl: srv.url,
      tokenId: 'tok_1',
      signingSecret: 'wrong-secret',
      retry: { baseDelayMs: 1 },
    });
    const before = srv.requests.length;
    await expect(c.finalise({ vendor: 'a', ref: 'b' })).rejects.toMatchObject({
      name: 'AuthenticationError',
      status: 401,
      code: 'BAD_SIGNATURE',
    });
    expect(srv.requests.length - before).toBe(1);
  });
});

describe.each(entries)('createClient errors, retries, timeouts — $name', ({ api }) => {
  let srv: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => void (srv = await startHttp((_r, res) => json(res, 200, {}))));
  afterAll(() => srv.close());
  const mk = clientFor(api, () => srv.url);
  const okFinalise = { application_id: 'app_1', status: 'finalised' };

  it('retries a POST on 503 with the same Idempotency-Key, then succeeds', async () => {
    srv.requests.length = 0;
    srv.setHandler((_r, res, n) =>
      n < 3 ? json(res, 503, { error: { code: 'UNAVAILABLE', message: 'busy' } }) : json(res, 200, okFinalise),
    );
    await expect(mk().finalise({ vendor: 'a', ref: 'b' })).resolves.toMatchObject(okFinalise);
    expect(srv.requests).toHaveLength(3);
    expect(new Set(srv.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(new Set(srv.requests.map((r) => r.headers.authorization)).size).toBeGreaterThanOrEqual(1);
  });

  it('honours Retry-After and gives up with RateLimitError(retryAfter) when retries run out', async () => {
    srv.requests.length = 0;
    srv.setHandler((_r, res) =>
      json(
        res,
        429,
        { error: { code: 'RATE_LIMITED', message: 'slow down', request_id: 'req_9' } },
        { 'retry-after': '1' },
      ),
    );
    const t0 = Date.now();
    const err = await mk({ retry: { retries: 1, baseDelayMs: 1 } })
      .getReport({ enquiry_id: 'enq_1' })
      .catch((e) => e);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(err).toMatchObject({
      name: 'RateLimitError',
      status: 429,
      retryAfter: 1,
      code: 'RATE_LIMITED',
      requestId: 'req_9',
    });
    expect(srv.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    srv.requests.length = 0;
    srv.setHandler((_r, res) =>
      json(res, 503, { error: { code: 'DOWN', message: 'maintenance' } }, { 'retry-after': '3600' }),
    );
    await expect(mk({ retry: { maxRetryAfterMs: 1000 } }).finalise({ vendor: 'a', ref: 'b' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
    });
    expect(srv.requests).toHaveLength(1);
  });

  it('maps 4xx to ApiError with code, request id and fields, without retrying', async () => {
    srv.requests.length = 0;
    srv.setHandler((_r, res) =>
      json(res, 422, {
        error: {
          code: 'UNPROCESSABLE',
          message: 'nope',
          request_id: 'req_1',
          fields: [{ path: 'amount', message: 'too small' }],
        },
      }),
    );
    await expect(mk().savePayment({ account_id: 'a', month: MONTH, status: '1' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 422,
      code: 'UNPROCESSABLE',
      requestId: 'req_1',
      fields: [{ path: 'amount', message: 'too small' }],
    });
    expect(srv.requests).toHaveLength(1);
  });

  it('rejects a response that breaks the schema with INVALID_RESPONSE', async () => {
    srv.setHandler((_r, res) => json(res, 200, { application_id: 42 }));
    await expect(mk().finalise({ vendor: 'a', ref: 'b' })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'INVALID_RESPONSE',
    });
  });

  it('rejects an application answer without journey_url with INVALID_RESPONSE naming the field', async () => {
    const started = { application_id: 'app_1', vendor: 'acme', ref: 'c1', status: 'started' };
    for (const body of [started, { ...started, journey_url: '' }, { ...started, journey_url: null }]) {
      srv.setHandler((_r, res) => json(res, 200, body));
      const err = await mk()
        .startApplication({ vendor: 'acme', ref: 'c1' })
        .catch((e) => e);
      expect(err).toMatchObject({ name: 'ApiError', code: 'INVALID_RESPONSE', status: 200 });
      expect(err.fields.map((f: { path: string }) => f.path)).toEqual(['journey_url']);
      expect(err.message).toContain('journey_url');
    }
    srv.setHandler((_r, res) => json(res, 200, { ...started, journey_url: 'http://127.0.0.1:4010/i/acme/c1' }));
    await expect(mk().startApplication({ vendor: 'acme', ref: 'c1' })).resolves.toMatchObject({
      journey_url: 'http://127.0.0.1:4010/i/acme/c1',
    });
  });

  it('times out each attempt and throws HostedJourneyTimeoutError after the retries', async () => {
    srv.requests.length = 0;
    srv.setHandler((_r, res) => void setTimeout(() => json(res, 200, okFinalise), 1500));
    const err = await mk({ timeoutMs: 100, retry: { retries: 1, baseDelayMs: 1 } })
      .finalise({ vendor: 'a', ref: 'b' })
      .catch((e) => e);
    expect(err).toMatchObject({ name: 'HostedJourneyTimeoutError', code: 'TIMEOUT', timeoutMs: 100 });
    expect(srv.requests).toHaveLength(2);
  });

  it('HostedJourneyNetworkError after retries when the server drops connections; GETs retry too', async () => {
    srv.requests.length = 0;
    srv.setHandler((_r, res) => void res.socket?.destroy());
    await expect(
      mk({ retry: { retries: 2, baseDelayMs: 1 } }).downloadReport({ enquiry_id: 'enq_1' }),
    ).rejects.toMatchObject({ name: 'HostedJourneyNetworkError', code: 'NETWORK' });
    expect(srv.requests).toHaveLength(3);
  });

  it('AbortSignal cancels during the back-off wait with the caller’s reason', async () => {
    srv.requests.length = 0;
    const ac = new AbortController();
    // The caller gives up 200 ms after the first answer (a 503 asking for 30 s of back-off), not 200 ms after the
    // call: on a loaded machine the first request can take longer than that to arrive.
    srv.setHandler((_r, res) => {
      json(res, 503, { error: { code: 'X', message: 'x' } }, { 'retry-after': '30' });
      setTimeout(() => ac.abort(new Error('user gave up')), 200);
    });
    const t0 = Date.now();
    await expect(mk().finalise({ vendor: 'a', ref: 'b', signal: ac.signal })).rejects.toThrow('user gave up');
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(srv.requests).toHaveLength(1);
  });

  it('never shows the secret or the Authorization header in errors, toString, JSON or inspect', async () => {
    const seen: string[] = [];
    srv.setHandler((r, res) => {
      seen.push(String(r.headers.authorization));
      // Answer late enough that the 1 ms client below always times out, however fast signing and loopback are.
      setTimeout(() => json(res, 500, { error: { code: 'BOOM', message: 'internal' } }), 30);
    });
    const c = mk({ retry: false });
    const errors = [
      await c.finalise({ vendor: 'a', ref: 'b' }).catch((e) => e),
      await mk({ timeoutMs: 1, retry: false })
        .finalise({ vendor: 'a', ref: 'b' })
        .catch((e) => e),
      await api
        .createClient({ baseUrl: 'http://127.0.0.1:1', tokenId: 'tok_1', signingSecret: SECRET, retry: false })
        .finalise({ vendor: 'a', ref: 'b' })
        .catch((e) => e),
      await c.lodgeEnquiry({} as never).catch((e) => e),
      (() => {
        try {
          api.createClient({ baseUrl: srv.url, tokenId: 'tok_1', signingSecret: ` ${SECRET}` });
        } catch (e) {
          return e;
        }
      })(),
    ];
    expect(errors.map((e) => e?.name)).toEqual([
      'ApiError',
      'HostedJourneyTimeoutError',
      'HostedJourneyNetworkError',
      'HostedJourneyValidationError',
      'ServerConfigError',
    ]);
    const texts = [
      String(c),
      JSON.stringify(c),
      inspect(c, { depth: 10, showHidden: true }),
      ...errors.flatMap((e) => [
        String(e),
        e.message,
        e.stack,
        JSON.stringify(e),
        inspect(e, { depth: 10, showHidden: true }),
      ]),
    ];
    const sig = seen[0]!.split(':')[1]!;
    for (const t of texts) {
      expect(t).not.toContain(SECRET);
      expect(t).not.toContain(sig);
      expect(t).not.toMatch(/HMAC tok_1/);
    }
  });
});
