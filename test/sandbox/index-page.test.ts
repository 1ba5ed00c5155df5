// The sandbox's index (`GET /`) over real HTTP: HTML for a browser, JSON for an API client, recent webhook deliveries,
// escaping, methods — and no secret in either answer.
import { describe, expect, it, vi } from 'vitest';
import { RECENT_DELIVERIES } from '../../src/sandbox/webhooks/sender.js';
import { displayUrl } from '../../src/sandbox/core/redact.js';
import { prefersJson } from '../../src/sandbox/home/reply.js';
import { describeParentOrigins } from '../../src/sandbox/journey/parent-origins.js';
import { startSandbox, type SandboxIndex } from '../../src/sandbox/index.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { approveConsent, startTestSandbox, startWebhookReceiver, type TestSandbox } from '../support/sandbox.js';

// Every 32-byte randomBytes() result: the journey-session key is one (journey/session.ts draws it at start).
const drawn32 = vi.hoisted(() => [] as Buffer[]);
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = ((size: number, ...rest: unknown[]) => {
    const out = (crypto.randomBytes as (...a: unknown[]) => Buffer)(size, ...rest);
    if (size === 32 && Buffer.isBuffer(out)) drawn32.push(out);
    return out;
  }) as typeof crypto.randomBytes;
  return { ...crypto, default: { ...crypto, randomBytes }, randomBytes };
});

const cleanup = cleanupAfterEach();

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const JSON_ACCEPT = { accept: 'application/json' };

async function sandbox(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const sb = await startTestSandbox(options);
  cleanup.push(() => sb.close());
  return sb;
}

async function receiver(respond?: Parameters<typeof startWebhookReceiver>[0]) {
  const r = await startWebhookReceiver(respond);
  cleanup.push(() => r.close());
  return r;
}

const index = async (sb: TestSandbox): Promise<SandboxIndex> =>
  (await sb.raw('GET', '/', { headers: JSON_ACCEPT })).json as SandboxIndex;

describe('GET / — the sandbox index', () => {
  it('answers a browser with an HTML page under a strict CSP: what this is, API base, token ids, logins, banks, journey URL, parent origins, demo link', async () => {
    const sb = await sandbox({
      demoUrl: 'http://localhost:4000',
      parentOrigins: { lendly: ['http://localhost:4000'] },
    });
    for (const accept of [BROWSER_ACCEPT, '*/*', undefined]) {
      const res = await sb.raw('GET', '/', { headers: accept ? { accept } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('vary')).toBe('Accept');
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = res.text;
      expect(html).toContain('<h1>hosted-journey sandbox</h1>');
      expect(html).toContain('A local stand-in of the hosted-journey service');
      expect(html).toContain(`<code>${sb.url}</code>`);
      expect(html).toContain('<code>sandbox_token</code>');
      expect(html).toContain(`<code>${sb.url}/i/{vendor}/{ref}</code>`);
      for (const id of ['sandbox-bank', 'cdr-only-bank', 'crawler-credit-union'])
        expect(html).toContain(`<code>${id}</code>`);
      expect(html).toContain('<code>otp</code> / <code>otp</code>');
      expect(html).toContain('123456');
      expect(html).toContain('<tr><td><code>lendly</code></td><td><code>http://localhost:4000</code></td></tr>');
      expect(html).toContain('<code>loopback</code>');
      expect(html).toContain('<a href="http://localhost:4000/">http://localhost:4000/</a>');
      expect(html).toContain('No receiver registered.');
      // Nothing the CSP would refuse: no script, no inline style or handler; the one stylesheet is same-origin.
      expect(html).not.toMatch(/<script|<[a-z][^>]*\s(style|on[a-z]+)=/i);
      expect(html).toContain('<link rel="stylesheet" href="/assets/index.css">');
    }
    const css = await sb.raw('GET', '/assets/index.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers an API client with JSON (Accept: application/json, or json ranked above html)', async () => {
    const sb = await sandbox({ parentOrigins: { acme: ['https://app.acme.example', 'loopback'] } });
    for (const accept of [
      'application/json',
      'application/json, text/plain, */*',
      'text/html;q=0.5, application/json',
    ]) {
      const res = await sb.raw('GET', '/', { headers: { accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('vary')).toBe('Accept');
    }
    const body = await index(sb);
    expect(body).toMatchObject({
      name: 'hosted-journey sandbox',
      api_base: sb.url,
      tokens: [{ token_id: 'sandbox_token' }],
      journey: {
        url_pattern: `${sb.url}/i/{vendor}/{ref}`,
        deep_links: ['/tnc', '/do_mygov', '/banks', '/banks/{id}'],
        parent_origins: { acme: ['https://app.acme.example', 'loopback'], '*': ['loopback'] },
      },
      institutions: [
        { id: 'sandbox-bank', name: 'Sandbox Bank', pathways: ['cdr', 'crawler'] },
        { id: 'cdr-only-bank', name: 'CDR-only Bank', pathways: ['cdr'] },
        { id: 'crawler-credit-union', name: 'Crawler Credit Union', pathways: ['crawler'] },
      ],
      test_logins: {
        crawler: [
          { username: 'demo', password: 'demo', result: 'RELEASED' },
          { username: 'otp', password: 'otp', code: '123456' },
          { username: 'fail', password: 'fail' },
        ],
      },
      webhooks: [],
      links: { health: `${sb.url}/health` },
    });
    expect(body.links.demo).toBeUndefined();
    expect(body.endpoints).toHaveLength(24);
    expect(body.endpoints).toContainEqual({ name: 'listEvents', method: 'GET', path: '/api/v1/events' });
    expect(body.endpoints).toContainEqual({ name: 'registerWebhook', method: 'POST', path: '/api/v1/webhooks' });
    expect(body.endpoints).toContainEqual({ name: 'deleteWebhook', method: 'DELETE', path: '/api/v1/webhooks/{id}' });
    expect(body.endpoints).toContainEqual({
      name: 'downloadBundle',
      method: 'GET',
      path: '/api/v1/applications/{id}/bundle',
    });
  });

  it('lists each receiver with its recent deliveries, newest first, kept to a bounded ring', async () => {
    const ok = await receiver();
    const failing = await receiver(() => 500);
    const sb = await sandbox({
      webhooks: [{ url: ok.url }, { url: failing.url }],
      webhookRetry: { attempts: 4, baseDelayMs: 1, timeoutMs: 2000 },
    });
    const appId = await sb.driveToCrawled('acme', 'idx_1');
    await sb.request('POST', '/api/v1/acme/idx_1/finalise', {});
    await sb.waitForStatus('acme', 'idx_1', 'report_ready');
    await sb.webhooksIdle();

    const { webhooks } = await index(sb);
    expect(
      webhooks.map(({ webhook_id, url, token_id, scheme, queued }) => ({ webhook_id, url, token_id, scheme, queued })),
    ).toEqual([
      { webhook_id: 'wh_1', url: ok.url, token_id: 'sandbox_token', scheme: 'hmac', queued: 0 },
      { webhook_id: 'wh_2', url: failing.url, token_id: 'sandbox_token', scheme: 'hmac', queued: 0 },
    ]);
    const [good, bad] = webhooks as [SandboxIndex['webhooks'][number], SandboxIndex['webhooks'][number]];
    // Seven events, each accepted at once; newest first.
    expect(good.recent_deliveries.map((d) => d.type)).toEqual([
      'application.completed',
      'application.report_ready',
      'application.documents_ready',
      'crawl.completed',
      'account.balances_ready',
      'account.numbers_ready',
      'consent.authorised',
    ]);
    expect(good.recent_deliveries[0]).toEqual({
      event_id: ok.received.at(-1)!.json.event_id,
      type: 'application.completed',
      application_id: appId,
      attempt: 1,
      status: 200,
      duplicate: false,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // 7 events × 4 attempts = 28 to the failing receiver; the index keeps the last 20.
    expect(sb.deliveries().filter((d) => d.url === failing.url)).toHaveLength(28);
    expect(bad.recent_deliveries).toHaveLength(RECENT_DELIVERIES);
    expect(bad.recent_deliveries.every((d) => d.status === 500)).toBe(true);
    expect(bad.recent_deliveries.slice(0, 4).map((d) => [d.type, d.attempt])).toEqual([
      ['application.completed', 4],
      ['application.completed', 3],
      ['application.completed', 2],
      ['application.completed', 1],
    ]);
    // A failed attempt with a retry to follow says when that retry is due; the last says the sandbox gave up.
    const [last, ...before] = bad.recent_deliveries.slice(0, 4);
    expect(last).toMatchObject({ gave_up: true });
    expect(last!.next_retry_at).toBeUndefined();
    for (const d of before) expect(Date.parse(d.next_retry_at!)).toBeGreaterThanOrEqual(Date.parse(d.at));

    const html = (await sb.raw('GET', '/')).text;
    expect(html).toContain(`<h3><code>${ok.url}</code></h3>`);
    expect(html).toContain(`next retry ${before[0]!.next_retry_at!.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}`);
    expect(html).toMatch(
      /<td><code>application\.completed<\/code><\/td><td><code>evt_[0-9a-f-]+<\/code><\/td><td class="num">1<\/td><td class="ok">200<\/td>/,
    );
    expect(html).toMatch(
      /<td><code>application\.completed<\/code><\/td><td><code>evt_[0-9a-f-]+<\/code><\/td><td class="num">4<\/td><td class="fail">500<\/td>/,
    );
  });

  it("shows each receiver's events filter, in JSON and on the page", async () => {
    const filtered = await receiver();
    const all = await receiver();
    const sb = await sandbox({ webhooks: [{ url: all.url }] });
    const events = ['crawl.completed', 'application.report_ready'];
    expect((await sb.request('POST', '/api/v1/webhooks', { url: filtered.url, events })).status).toBe(201);
    const { webhooks } = await index(sb);
    expect(webhooks.map((w) => [w.url, w.events])).toEqual([
      [all.url, undefined],
      [filtered.url, events],
    ]);
    expect(webhooks[0]).not.toHaveProperty('events');
    const html = (await sb.raw('GET', '/')).text;
    expect(html).toContain('scheme hmac · every event type · 0 queued');
    expect(html).toContain(
      'scheme hmac · events <code>crawl.completed</code> <code>application.report_ready</code> · 0 queued',
    );
  });

  it('shows no secret: not the token secrets, a webhook secret, credentials in a receiver URL, the session key, a form token or customer data', async () => {
    drawn32.length = 0;
    const standardSecret = `whsec_${Buffer.from('an index standard secret').toString('base64')}`;
    const std = await receiver();
    const sb = await sandbox({
      tokens: [
        { tokenId: 'idx_tok', secret: 'idx-secret-Q7xv' },
        { tokenId: 'idx_tok2', secret: 'idx-secret-R8yw' },
      ],
      webhooks: [
        { url: std.url, scheme: 'standard', secret: standardSecret },
        // fetch refuses a URL with credentials, and its error message quotes the URL: the index must not.
        { url: `http://hook-user:pw-in-url-5k@127.0.0.1:9/hooks?token=qs-secret-9m&v=1` },
      ],
    });
    const { page: journeyPage, session } = await sb.journey('acme', 'idx_2');
    expect(journeyPage.status).toBe(200);
    const prof = await sb.request('POST', '/api/v1/acme/idx_3/profile', {
      full_name: 'Priya Secretsson',
      email: 'priya@example.com',
      bank_id: 'sandbox-bank',
      pathway: 'cdr',
    });
    expect(prof.status).toBe(201);
    const consent = await sb.request('POST', '/api/v1/acme/idx_3/consents', {});
    const bankPage = await (await fetch(consent.json.consent_url as string)).text();
    const formToken = /name="form_token" value="([^"]+)"/.exec(bankPage)![1]!;
    await approveConsent(sb.url, consent.json.consent_url as string, 'approve');
    await sb.waitForStatus('acme', 'idx_3', 'crawled');
    await sb.webhooksIdle();

    expect(drawn32).toHaveLength(1); // the session key of this sandbox
    const key = drawn32[0]!;
    const secrets = [
      'idx-secret-Q7xv',
      'idx-secret-R8yw',
      standardSecret,
      standardSecret.slice('whsec_'.length),
      'an index standard secret',
      'pw-in-url-5k',
      'hook-user',
      'qs-secret-9m',
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
      session!,
      formToken,
      'Priya Secretsson',
      'priya@example.com',
    ];
    const html = (await sb.raw('GET', '/')).text;
    const json = (await sb.raw('GET', '/', { headers: JSON_ACCEPT })).text;
    for (const body of [html, json]) {
      for (const secret of secrets) expect(body, `leaks ${secret}`).not.toContain(secret);
    }
    // What is shown instead.
    const body = JSON.parse(json) as SandboxIndex;
    expect(body.tokens).toEqual([{ token_id: 'idx_tok' }, { token_id: 'idx_tok2' }]);
    expect(body.webhooks[0]).toMatchObject({ url: std.url, token_id: 'idx_tok', scheme: 'standard' });
    expect(body.webhooks[0]!.recent_deliveries.length).toBeGreaterThan(0);
    expect(body.webhooks[1]).toMatchObject({ url: 'http://***:***@127.0.0.1:9/hooks?token=***&v=***' });
    expect(body.webhooks[1]!.recent_deliveries[0]).toMatchObject({
      status: null,
      error:
        'Request cannot be constructed from a URL that includes credentials: http://***:***@127.0.0.1:9/hooks?token=***&v=***',
    });
  });

  it('escapes every value: a hostile token id and a hostile registered receiver URL stay text', async () => {
    const hostileToken = 'tok"><img src=x onerror=alert(1)>';
    const sb = await sandbox({
      tokens: [
        { tokenId: 'idx_tok', secret: 'idx_secret' },
        { tokenId: hostileToken, secret: 'x' },
      ],
    });
    const hostileUrl = 'http://127.0.0.1:9/<script>alert(1)</script>/"><svg onload=alert(2)>';
    const reg = await sb.request('POST', '/api/v1/webhooks', { url: hostileUrl });
    expect(reg.status).toBe(201);
    const html = (await sb.raw('GET', '/')).text;
    expect(html).not.toMatch(/<script|<img|<svg|<[a-z][^>]*\son[a-z]+=/i); // the markup survives only as text
    expect(html).toContain('<code>tok&#34;&#62;&#60;img src=x onerror=alert(1)&#62;</code>');
    expect(html).toContain(
      '<h3><code>http://127.0.0.1:9/%3Cscript%3Ealert(1)%3C/script%3E/%22%3E%3Csvg%20onload=alert(2)%3E</code></h3>',
    );
    const body = await index(sb);
    expect(body.tokens[1]).toEqual({ token_id: hostileToken });
  });

  it('HEAD answers the same headers without a body; other methods are 405 with Allow', async () => {
    const sb = await sandbox();
    const get = await sb.raw('GET', '/');
    const head = await sb.raw('HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.bytes).toHaveLength(0);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect((await sb.raw('HEAD', '/', { headers: JSON_ACCEPT })).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await sb.raw(method, '/', { body: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.json).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
    }
    expect((await sb.raw('GET', '/index.html')).status).toBe(404);
  });

  it('refuses a demoUrl that is not an http(s) URL or that carries credentials', async () => {
    await expect(startSandbox({ demoUrl: 'javascript:alert(1)' })).rejects.toThrow(/demoUrl must be an http\(s\) URL/);
    await expect(startSandbox({ demoUrl: '/relative' })).rejects.toThrow(/demoUrl must be an absolute/);
    await expect(startSandbox({ demoUrl: 'http://u:p@localhost:4000' })).rejects.toThrow(/credentials/);
  });
});

describe('index helpers', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['*/*', false],
    [BROWSER_ACCEPT, false],
    ['text/html', false],
    ['application/json', true],
    ['application/*', true],
    ['application/json, text/plain, */*', true],
    ['application/json;q=0.9, text/html', false],
    ['text/html;q=0.5, application/json', true],
    ['application/json;q=0', false],
    ['application/json, text/html', false],
  ])('prefersJson(%j) is %s', (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });

  it('describeParentOrigins shows the registry as it applies: normalised origins, the * entry explicit', () => {
    expect(describeParentOrigins(undefined)).toEqual({ '*': ['loopback'] });
    expect(
      describeParentOrigins({ acme: ['https://App.Acme.example/', 'loopback'], '*': ['https://shared.example'] }),
    ).toEqual({ acme: ['https://app.acme.example', 'loopback'], '*': ['https://shared.example'] });
  });

  it('displayUrl hides userinfo and query values and drops the fragment', () => {
    expect(displayUrl('https://a:b@hooks.example/x?k=v&k=w#frag')).toBe('https://***:***@hooks.example/x?k=***&k=***');
    expect(displayUrl('http://127.0.0.1:3000/webhooks')).toBe('http://127.0.0.1:3000/webhooks');
    expect(displayUrl('not a url')).toBe('(not a URL)');
  });
});
