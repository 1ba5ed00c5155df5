// Attack: an open redirect through the sandbox. Were parent_origin whatever the caller said and a consent's return_to
// only checked against it, a journey "framed for" https://evil.example could create a consent whose bank-return page
// sends the customer to evil.example. Each vendor has a registry of allowed parent origins
// (startSandbox({ parentOrigins }), CLI --parent-origin; default loopback only): a journey load for another parent is
// an error page, and return_to must be on the page's own (registered) parent origin.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCli } from '../support/cli.js';
import { approveConsent, loadJourneyPage, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const EVIL = 'https://evil.example';
const CHANNEL = 'abcdefgh12345678';
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const load = (origin: string, path: string, parent: string) =>
  fetch(`${origin}${path}?parent_origin=${encodeURIComponent(parent)}&channel=${CHANNEL}`);
const bankReturn = (ref: string, to: string) =>
  `${sb.url}/i/acme/${ref}/bank-return?return_to=${encodeURIComponent(to)}&channel=${CHANNEL}`;

describe('sandbox open redirect: parent-origin registry', () => {
  it('a journey load for a parent origin not registered for the vendor is an error page, not the journey', async () => {
    const res = await load(sb.url, '/i/acme/cust_1', EVIL);
    const html = await res.text();
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain('PARENT_ORIGIN_NOT_ALLOWED');
    expect(html).not.toContain('hj-config');
    expect(html).not.toContain('journey.js');
  });

  it.each([
    'http://localhost:4000',
    'https://localhost',
    'http://127.0.0.1:5173',
    'https://127.1.2.3:8080',
    'http://[::1]:3000',
  ])('default registry: loopback parent %s is allowed', async (parent) => {
    expect((await load(sb.url, '/i/acme/cust_1', parent)).status).toBe(200);
  });

  it.each(['http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'http://10.0.0.1', 'http://[::2]'])(
    'default registry: %s is refused',
    async (parent) => {
      expect((await load(sb.url, '/i/acme/cust_1', parent)).status).toBe(403);
    },
  );

  it('the attack: a consent whose return_to is a foreign site is refused, whatever parent_origin the body claims', async () => {
    const page = await loadJourneyPage(sb.url, 'acme', 'attack_1', { parentOrigin: 'http://localhost:4000' });
    await page.call('POST', 'start', { full_name: 'A B', email: 'a@example.com' });
    await page.call('POST', 'institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
    const res = await page.call('POST', 'consent', {
      return_url: bankReturn('attack_1', `${EVIL}/phish`),
      parent_origin: EVIL,
    });
    expect(res.status, res.text).toBe(422);
    if (res.status === 201) {
      // Today's code: the bank's return lands on bank-return, which asks the server where to go — evil.example.
      await approveConsent(sb.url, res.json.consent_url, 'approve');
      const back = await page.call('GET', `consents/${res.json.consent_id}`);
      expect(back.json.return_to).not.toContain(EVIL);
    }
    expect((await page.call('POST', 'consent', { return_url: bankReturn('attack_1', `${EVIL}/phish`) })).status).toBe(
      422,
    );
    const ok = await page.call('POST', 'consent', {
      return_url: bankReturn('attack_1', 'http://localhost:4000/apply'),
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it("an app's journey: a return_url off the registered origins is an error page; a registered one is served", async () => {
    const app = (returnUrl: string) =>
      fetch(`${sb.url}/i/acme/cust_1?native_bridge=ios&return_url=${encodeURIComponent(returnUrl)}`);
    const refused = await app(`${EVIL}/bank-return`);
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain('PARENT_ORIGIN_NOT_ALLOWED');
    expect(html).not.toContain('hj-config');
    expect((await app('http://localhost:9/app-return')).status).toBe(200);
  });

  it('an unframed page (no parent origin) cannot name a return_to at all', async () => {
    const page = await loadJourneyPage(sb.url, 'acme', 'attack_2');
    await page.call('POST', 'start', { full_name: 'A B', email: 'a@example.com' });
    await page.call('POST', 'institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
    expect(
      (
        await page.call('POST', 'consent', {
          return_url: bankReturn('attack_2', 'http://localhost:4000/apply'),
          parent_origin: 'http://localhost:4000',
        })
      ).status,
    ).toBe(422);
  });

  it('startSandbox({ parentOrigins }): a vendor entry replaces the default; "*" is the catch-all', async () => {
    const custom = await startTestSandbox({
      parentOrigins: { acme: ['https://app.example'], '*': ['https://shared.example', 'loopback'] },
    });
    try {
      expect((await load(custom.url, '/i/acme/c1', 'https://app.example')).status).toBe(200);
      expect((await load(custom.url, '/i/acme/c1', 'http://localhost:4000')).status).toBe(403);
      expect((await load(custom.url, '/i/acme/c1', 'https://shared.example')).status).toBe(403);
      expect((await load(custom.url, '/i/globex/c1', 'https://shared.example')).status).toBe(200);
      expect((await load(custom.url, '/i/globex/c1', 'http://localhost:4000')).status).toBe(200);
      expect((await load(custom.url, '/i/globex/c1', 'https://app.example')).status).toBe(403);
      // return_to on the registered origin works end to end.
      const page = await loadJourneyPage(custom.url, 'acme', 'reg_1', { parentOrigin: 'https://app.example' });
      await page.call('POST', 'start', { full_name: 'A B', email: 'a@example.com' });
      await page.call('POST', 'institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
      const ret = `${custom.url}/i/acme/reg_1/bank-return?return_to=${encodeURIComponent('https://app.example/apply')}&channel=${CHANNEL}`;
      expect((await page.call('POST', 'consent', { return_url: ret })).status).toBe(201);
    } finally {
      await custom.close();
    }
    await expect(startTestSandbox({ parentOrigins: { acme: ['not an origin'] } })).rejects.toThrow(/parentOrigins/);
  });

  it('CLI: --parent-origin vendor=origin (repeatable) registers origins', async () => {
    const child = spawn(
      process.execPath,
      [
        ...sandboxCli(),
        '--port',
        '0',
        '--parent-origin',
        'acme=https://app.example',
        '--parent-origin',
        'acme=https://www.app.example',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', () => reject(new Error(`CLI exited:\n${out}`)));
      });
      expect((await load(url, '/i/acme/c1', 'https://www.app.example')).status).toBe(200);
      expect((await load(url, '/i/acme/c1', EVIL)).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe("the fake bank with an app [ours]: an app's journey gets the bank's answer at the app's return link", () => {
  const APP_RETURN = 'http://localhost:9/app-return';
  /** An app's journey page (iOS bridge) up to its consent, asked for as the journey page asks for it. */
  async function appConsent(ref: string, returnTo = APP_RETURN) {
    const page = await loadJourneyPage(sb.url, 'acme', ref, {
      query: { native_bridge: 'ios', return_url: APP_RETURN },
    });
    await page.call('POST', 'start', { full_name: 'A B', email: 'a@example.com' });
    await page.call('POST', 'institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
    const returnUrl = `${bankReturn(ref, returnTo)}&locale=en-AU`;
    return page.call('POST', 'consent', { return_url: returnUrl, parent_origin: new URL(APP_RETURN).origin });
  }

  it('the consent page, opened outside the WebView, answers approve and deny with a redirect straight to returnUrl', async () => {
    const approved = await appConsent('app_bank_1');
    expect(approved.status, approved.text).toBe(201);
    // The bank-redirect URL the journey posts to the app leads to the bank's consent page.
    const hop = await sb.raw('GET', `/bank-redirect/acme/app_bank_1/${approved.json.consent_id}`, {
      redirect: 'manual',
    });
    expect(hop.headers.get('location')).toBe(approved.json.consent_url);
    expect(await approveConsent(sb.url, approved.json.consent_url, 'approve')).toBe(
      `${APP_RETURN}?hj_channel=${CHANNEL}&hj_bank_status=authorised`,
    );
    const denied = await appConsent('app_bank_2');
    expect(await approveConsent(sb.url, denied.json.consent_url, 'deny')).toBe(
      `${APP_RETURN}?hj_channel=${CHANNEL}&hj_bank_status=denied`,
    );
    // The app's return link is on the origin the journey URL registered: another origin is refused, as on the web.
    expect((await appConsent('app_bank_3', `${EVIL}/app-return`)).status).toBe(422);
  });

  it('a web journey (framed, same return_to) still goes back through the journey’s bank-return page', async () => {
    const page = await loadJourneyPage(sb.url, 'acme', 'web_bank_1', { parentOrigin: 'http://localhost:4000' });
    await page.call('POST', 'start', { full_name: 'A B', email: 'a@example.com' });
    await page.call('POST', 'institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
    const res = await page.call('POST', 'consent', {
      return_url: bankReturn('web_bank_1', 'http://localhost:4000/apply'),
    });
    const back = new URL(await approveConsent(sb.url, res.json.consent_url, 'approve'));
    expect(back.origin + back.pathname).toBe(`${sb.url}/i/acme/web_bank_1/bank-return`);
    expect(back.searchParams.get('status')).toBe('authorised');
  });
});
