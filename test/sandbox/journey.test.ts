// The journey side over real HTTP: page shells and their headers, the journey-facing API with its CSRF rules,
// the fake bank pages (framing refused, form token) and the crawler test logins.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveConsent,
  JOURNEY_SESSION_HEADER,
  journeyApi,
  startTestSandbox,
  type TestSandbox,
} from '../support/sandbox.js';

let sb: TestSandbox;
let json: (extra?: Record<string, string>) => Record<string, string>;
beforeAll(async () => {
  sb = await startTestSandbox();
  json = (extra = {}) => ({ 'content-type': 'application/json', origin: sb.url, ...extra });
});
afterAll(() => sb.close());

// Journey-API calls carry the session credential of a page load for the path's vendor/ref, as the page's do.
const sessions = new Map<string, string>();
async function session(path: string, on: TestSandbox = sb): Promise<Record<string, string>> {
  const [, vendor = 'acme', ref = 'cust_1'] = /^\/journey-api\/([^/]+)\/([^/]+)\//.exec(path) ?? [];
  const key = `${on.url} ${vendor}/${ref}`;
  if (!sessions.has(key)) sessions.set(key, (await on.journey(vendor, ref)).session!);
  return { [JOURNEY_SESSION_HEADER]: sessions.get(key)! };
}
const post = async (path: string, body: unknown, headers = json()) =>
  sb.raw('POST', path, { body: JSON.stringify(body), headers: { ...(await session(path)), ...headers } });
const get = async (path: string, headers: Record<string, string> = {}) =>
  sb.raw('GET', path, { headers: { ...(await session(path)), ...headers } });
const expectError = (res: { status: number; json: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error.code).toBe(code);
  expect(res.json.error.request_id).toMatch(/^req_/);
};

describe('journey page shells', () => {
  it.each([
    '/i/acme/cust_1',
    '/i/acme/cust_1/tnc',
    '/i/acme/cust_1/do_mygov',
    '/i/acme/cust_1/banks',
    '/i/acme/cust_1/banks/sandbox-bank?primary_colour=FF0000',
  ])('%s: a CSP-strict, frameable shell with the config', async (path) => {
    const res = await sb.raw('GET', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' https://fonts.googleapis.com; font-src https://fonts.gstatic.com; frame-ancestors *",
    );
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.text).toContain('<script src="/assets/journey.js"');
    expect(res.text).toContain('href="/assets/journey.css"');
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attrs, content] of scripts) {
      // no inline script: each is external (and empty) or inert JSON data
      if (/\bsrc="/.test(attrs!)) expect(content).toBe('');
      else expect(attrs).toContain('type="application/json"');
    }
    expect(res.text).not.toMatch(/<style|style="/);
    const config = JSON.parse(/<script type="application\/json" id="hj-config">(.*?)<\/script>/.exec(res.text)![1]!);
    expect(config).toMatchObject({ vendor: 'acme', ref: 'cust_1', apiBase: '/journey-api' });
    expect(config.institutions.map((i: { id: string }) => i.id)).toEqual([
      'sandbox-bank',
      'cdr-only-bank',
      'crawler-credit-union',
    ]);
  });

  it('serves the bank-return shell loading bank-return.js', async () => {
    const res = await sb.raw('GET', '/i/acme/cust_1/bank-return?consent_id=c&status=authorised&state=s');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<script src="/assets/bank-return.js"');
  });

  it("an app's journey URL with standin_bridge=1 loads the stand-in app bridge before the journey [ours]; no other does", async () => {
    const app = `/i/acme/cust_1?native_bridge=android&return_url=${encodeURIComponent('http://localhost:9/app-return')}`;
    const scripts = async (path: string) =>
      [...(await sb.raw('GET', path)).text.matchAll(/<script src="([^"]+)"( defer)?>/g)].map(
        ([, src, d]) => src + (d ?? ''),
      );
    expect(await scripts(`${app}&standin_bridge=1`)).toEqual(['/assets/app-standin.js', '/assets/journey.js defer']);
    expect(await scripts(app)).toEqual(['/assets/journey.js defer']);
    expect(await scripts('/i/acme/cust_1?standin_bridge=1')).toEqual(['/assets/journey.js defer']);
  });

  it('404 for paths that are not journeys (bad ref characters, unknown deep link)', async () => {
    expectError(await sb.raw('GET', '/i/acme/cust%3Cscript%3E'), 404, 'NOT_FOUND');
    expectError(await sb.raw('GET', '/i/acme/cust_1/nowhere'), 404, 'NOT_FOUND');
  });

  it('serves the stylesheet of the journey pages; unknown assets are 404', async () => {
    const css = await sb.raw('GET', '/assets/journey.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expectError(await sb.raw('GET', '/assets/../package.json'), 404, 'NOT_FOUND');
    expectError(await sb.raw('GET', '/assets/secret.js'), 404, 'NOT_FOUND');
  });
});

describe('journey-facing API', () => {
  it('lists institutions with their pathways and colours', async () => {
    const res = await get('/journey-api/institutions');
    expect(res.json.institutions).toContainEqual({
      id: 'sandbox-bank',
      name: 'Sandbox Bank',
      pathways: ['cdr', 'crawler'],
      colour: '#0B5FFF',
    });
  });

  it('CDR: start → institution → consent → bank approval → bank-return → crawled', async () => {
    const start = await post('/journey-api/acme/j_1/start', { full_name: 'Jo Journey', email: 'jo@example.com' });
    expect(start.status).toBe(201);
    expect(start.json).toEqual({
      application_id: expect.stringMatching(/^app_/),
      status: 'started',
      institution: null,
    });
    expect(
      (await post('/journey-api/acme/j_1/start', { full_name: 'Jo Journey', email: 'jo@example.com' })).json
        .application_id,
    ).toBe(start.json.application_id);
    const inst = await post('/journey-api/acme/j_1/institution', { institution_id: 'sandbox-bank', pathway: 'cdr' });
    expect(inst.json.status).toBe('institution_selected');
    const consent = await post('/journey-api/acme/j_1/consent', {});
    expect(consent.status).toBe(201);
    expect((await get('/journey-api/acme/j_1/status')).json.status).toBe('consent_pending');
    const back = new URL(await approveConsent(sb.url, consent.json.consent_url, 'approve'));
    expect(back.origin + back.pathname).toBe(`${sb.url}/i/acme/j_1/bank-return`);
    expect(back.searchParams.get('status')).toBe('authorised');
    await sb.waitForStatus('acme', 'j_1', 'crawled');
    const status = (await get('/journey-api/acme/j_1/status')).json;
    expect(status.accounts).toBe(3);
    expect(status.transactions).toBeGreaterThanOrEqual(200);
  });

  it('crawler: demo/demo connects, otp/otp needs 123456, fail/fail fails', async () => {
    for (const ref of ['k_1', 'k_2', 'k_3'])
      await post(`/journey-api/acme/${ref}/start`, { full_name: 'K', email: 'k@example.com' });
    expect(
      (
        await post('/journey-api/acme/k_1/crawler/login', {
          institution_id: 'crawler-credit-union',
          username: 'demo',
          password: 'demo',
        })
      ).json.status,
    ).toBe('RELEASED');
    await sb.waitForStatus('acme', 'k_1', 'crawled');

    const otp = await post('/journey-api/acme/k_2/crawler/login', {
      institution_id: 'sandbox-bank',
      username: 'otp',
      password: 'otp',
    });
    expect(otp.json.status).toBe('AUTH');
    expect((await post('/journey-api/acme/k_2/crawler/otp', { code: '000000' })).json.status).toBe('FAILED');
    expectError(await post('/journey-api/acme/k_2/crawler/otp', { code: '123456' }), 409, 'OTP_NOT_REQUESTED');
    await post('/journey-api/acme/k_2/crawler/login', {
      institution_id: 'sandbox-bank',
      username: 'otp',
      password: 'otp',
    });
    expect((await post('/journey-api/acme/k_2/crawler/otp', { code: '123456' })).json.status).toBe('RELEASED');

    const fail = await post('/journey-api/acme/k_3/crawler/login', {
      institution_id: 'sandbox-bank',
      username: 'fail',
      password: 'fail',
    });
    expect(fail.json).toEqual({ status: 'FAILED', message: expect.any(String) });
    expect((await get('/journey-api/acme/k_3/status')).json.status).toBe('institution_selected');
    const wrong = await post('/journey-api/acme/k_3/crawler/login', {
      institution_id: 'cdr-only-bank',
      username: 'demo',
      password: 'demo',
    });
    expectError(wrong, 422, 'VALIDATION_FAILED');
  });

  it('crawler passes through released while crawling (with a crawl delay)', async () => {
    const slow = await startTestSandbox({ crawlDelayMs: 300 });
    try {
      const call = await journeyApi(slow, 'r_1');
      await call('start', { full_name: 'R', email: 'r@example.com' });
      await call('crawler/login', { institution_id: 'sandbox-bank', username: 'demo', password: 'demo' });
      expect((await call('status')).status).toBe('released');
      await slow.waitForStatus('acme', 'r_1', 'crawled');
    } finally {
      await slow.close();
    }
  });

  it('errors: 409 before start, 404 status of an unknown application, 422 bad details, 405 wrong method', async () => {
    expectError(
      await post('/journey-api/acme/none/institution', { institution_id: 'sandbox-bank', pathway: 'cdr' }),
      409,
      'APPLICATION_NOT_STARTED',
    );
    expectError(await get('/journey-api/acme/none/status'), 404, 'APPLICATION_NOT_FOUND');
    const bad = await post('/journey-api/acme/none/start', { full_name: '', email: 'x' });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.json.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'full_name']);
    expectError(await get('/journey-api/acme/none/start'), 405, 'METHOD_NOT_ALLOWED');
  });

  it('CSRF: refuses a foreign Origin, a missing Origin and a form content type', async () => {
    const body = { full_name: 'Eve', email: 'eve@example.com' };
    expectError(
      await post('/journey-api/acme/x_1/start', body, json({ origin: 'https://evil.example' })),
      403,
      'FORBIDDEN_ORIGIN',
    );
    expectError(
      await post('/journey-api/acme/x_1/start', body, { 'content-type': 'application/json' }),
      403,
      'FORBIDDEN_ORIGIN',
    );
    expectError(
      await post('/journey-api/acme/x_1/start', body, json({ 'content-type': 'text/plain' })),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await get('/journey-api/acme/x_1/status', { origin: 'https://evil.example' }), 403, 'FORBIDDEN_ORIGIN');
    expectError(await get('/journey-api/acme/x_1/status'), 404, 'APPLICATION_NOT_FOUND'); // nothing was created
  });

  it('DNS rebinding: a foreign host name that reaches us is refused even when Origin matches Host; localhost is fine', async () => {
    const credential = await session('/journey-api/acme/dns_1/');
    const send = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(sb.url);
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/journey-api/acme/dns_1/start',
            method: 'POST',
            headers: { host, origin: `http://${host}`, 'content-type': 'application/json', ...credential },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ full_name: 'D', email: 'd@example.com' }));
      });
    const { port } = new URL(sb.url);
    expect(await send(`rebind.example:${port}`)).toBe(403);
    expect(await send(`localhost:${port}`)).toBe(201);
  });

  it('no open redirect: a consent return_url off the journey origin is refused', async () => {
    await post('/journey-api/acme/o_1/start', { full_name: 'O', email: 'o@example.com' });
    await post('/journey-api/acme/o_1/institution', { institution_id: 'sandbox-bank', pathway: 'cdr' });
    const res = await post('/journey-api/acme/o_1/consent', { return_url: 'https://evil.example/steal' });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(
      (await post('/journey-api/acme/o_1/consent', { return_url: `${sb.url}/i/acme/o_1/bank-return` })).status,
    ).toBe(201);
  });
});

describe('bank authorisation pages', () => {
  async function consentFor(ref: string, bank = 'sandbox-bank'): Promise<{ consent_id: string; consent_url: string }> {
    await sb.request('POST', `/api/v1/acme/${ref}/profile`, { bank_id: bank, pathway: 'cdr' });
    return (await sb.request('POST', `/api/v1/acme/${ref}/consents`, {})).json;
  }

  it('refuses framing (X-Frame-Options DENY, frame-ancestors none) and shows accounts, data, duration and a no-JS form', async () => {
    const { consent_url } = await consentFor('b_1');
    const res = await sb.raw('GET', new URL(consent_url).pathname + new URL(consent_url).search);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'none'; default-src 'self'; style-src 'self'",
    );
    expect(res.text).toContain('Sandbox Bank');
    expect(res.text).toMatch(/Everyday Account ••\d{4}/);
    expect(res.text).toContain('Transaction details');
    expect(res.text).toMatch(/90 days/);
    expect(res.text).toContain('<form method="post" action="/bank/sandbox-bank/decision">');
    expect(res.text).not.toMatch(/<script/);
  });

  it('each bank has its own look', async () => {
    const a = await sb.raw('GET', '/bank/sandbox-bank/bank.css');
    const b = await sb.raw('GET', '/bank/cdr-only-bank/bank.css');
    expect(a.text).toContain('#0B5FFF');
    expect(b.text).toContain('#0F7B5F');
  });

  it('CSRF: a decision without the form token is refused with 403 and changes nothing', async () => {
    const { consent_id } = await consentFor('b_2');
    const res = await sb.raw('POST', '/bank/sandbox-bank/decision', {
      body: new URLSearchParams({ consent_id, decision: 'approve', form_token: 'ft_forged' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.text).toContain('INVALID_FORM_TOKEN');
    expect((await get('/journey-api/acme/b_2/status')).json.status).toBe('consent_pending');
  });

  it('a consent is decided once; unknown consents and consents of another bank are 404', async () => {
    const { consent_id, consent_url } = await consentFor('b_3');
    await approveConsent(sb.url, consent_url, 'approve');
    const again = await sb.raw('GET', `/bank/sandbox-bank/authorise?consent_id=${consent_id}`);
    expect(again.status).toBe(409);
    expect((await sb.raw('GET', `/bank/cdr-only-bank/authorise?consent_id=${consent_id}`)).status).toBe(404);
    expect((await sb.raw('GET', '/bank/sandbox-bank/authorise?consent_id=cns_nope')).status).toBe(404);
    expect((await sb.raw('GET', '/bank/no-bank/authorise?consent_id=cns_nope')).status).toBe(404);
  });
});
