// hosted-journey-sandbox/testing on the Node side: startTestSandbox's defaults, addWebhook, waitForWebhook, disposal,
// and a sandbox left open never keeps the test process alive. completeJourney runs in Chromium in
// test/consumers/testing-kit (from the tarballs) and in the examples' test.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import {
  advanceClock,
  expireConsent,
  isSandboxKitError,
  isTriggerJourneyError,
  revokeAtBank,
  startTestSandbox,
  triggerJourney,
  triggerRenewal,
} from '../../src/sandbox/testing/index.js';
import { builtOrSource } from '../support/cli.js';

/** A client signed with the kit sandbox's own token. */
const clientOf = (sandbox: { url: string; token: { id: string; secret: string } }) =>
  createClient({ baseUrl: sandbox.url, tokenId: sandbox.token.id, signingSecret: sandbox.token.secret });

const root = path.resolve(__dirname, '../..');

describe('startTestSandbox', () => {
  it('free loopback port, credentials, a receiver registered later, waiting for a 2xx delivery', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).type);
        res.writeHead(received.length === 1 ? 500 : 200).end(); // the first attempt fails: retried quickly
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const sandbox = await startTestSandbox();
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.token).toEqual({ id: 'sandbox_token', secret: 'sandbox_secret' });
      expect(sandbox.webhookSecret).toBe('sandbox_secret');
      const port = (receiver.address() as AddressInfo).port;
      expect(await sandbox.addWebhook(`http://127.0.0.1:${port}/hooks`)).toMatchObject({ token_id: 'sandbox_token' });
      // addWebhook is the client's registerWebhook: events filter, refused input as the client refuses it.
      const filtered = await sandbox.addWebhook(`http://127.0.0.1:${port}/unused`, {
        events: ['analysis.report_ready'],
      });
      expect(filtered).toMatchObject({ url: `http://127.0.0.1:${port}/unused`, events: ['analysis.report_ready'] });
      await expect(
        sandbox.addWebhook(`http://127.0.0.1:${port}/unused`, { events: ['credit.never' as 'crawl.completed'] }),
      ).rejects.toMatchObject({ name: 'HostedJourneyValidationError' });
      await expect(sandbox.addWebhook('ftp://127.0.0.1/hooks')).rejects.toMatchObject({
        name: 'HostedJourneyValidationError',
      });
      const client = clientOf(sandbox);
      const app = await client.startApplication({
        vendor: 'acme',
        ref: 'kit_1',
        full_name: 'Alex Citizen',
        email: 'alex@example.com',
      });
      const other = sandbox.waitForWebhook({ type: 'crawl.completed', applicationId: 'app_other' }, { timeoutMs: 300 });
      await expect(other).rejects.toThrow(/no 2xx delivery of .*app_other.* within 300 ms/);
      await client.attachInstitution({
        vendor: 'acme',
        ref: 'kit_1',
        bank_id: 'crawler-credit-union',
        pathway: 'crawler',
      });
      const journey = await fetch(`${sandbox.url}/i/acme/kit_1`).then((r) => r.text());
      const session = JSON.parse(/id="hj-config">(.*?)<\/script>/.exec(journey)![1]!).session as string;
      const login = await fetch(`${sandbox.url}/journey-api/acme/kit_1/crawler/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: sandbox.url, 'x-journey-session': session },
        body: JSON.stringify({ institution_id: 'crawler-credit-union', username: 'demo', password: 'demo' }),
      });
      expect(login.status).toBe(200);
      const delivery = await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId: app.application_id });
      expect(delivery).toMatchObject({ status: 200, duplicate: false });
      await sandbox.webhooksIdle();
      // duplicateRate 0 by default: each event once (plus the retry of the first attempt that got a 500).
      const ids = sandbox
        .deliveries()
        .filter((d) => d.status === 200)
        .map((d) => d.event_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(received).toContain('crawl.completed');
    } finally {
      await sandbox[Symbol.asyncDispose]();
      receiver.close();
    }
    await expect(fetch(`${sandbox.url}/health`)).rejects.toThrow();
  });

  it('waitForWebhook refuses a misspelt event type at once, naming the closest one (a compile error in TypeScript)', async () => {
    const sandbox = await startTestSandbox();
    try {
      const t0 = performance.now();
      await expect(
        // @ts-expect-error -- 'crawl.complete' is not an event the sandbox sends
        sandbox.waitForWebhook({ type: 'crawl.complete' }, { timeoutMs: 10_000 }),
      ).rejects.toThrow(/unknown event type "crawl.complete"; did you mean 'crawl.completed'\?/);
      expect(performance.now() - t0).toBeLessThan(5_000); // refused, not timed out
    } finally {
      await sandbox.close();
    }
  });

  it('a sandbox left open does not keep the process alive', () => {
    const kit = builtOrSource('dist/sandbox-testing.js', 'src/sandbox/testing/index.ts');
    const script = `import { startTestSandbox } from ${JSON.stringify(kit.url)};
const s = await startTestSandbox(); console.log(s.url);`;
    const run = spawnSync(process.execPath, [...kit.nodeArgs, '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  });
});

describe('errors that name what went wrong', () => {
  it('advanceClock and expireConsent fail as themselves (SandboxKitError), not as triggerJourney', async () => {
    await using sandbox = await startTestSandbox();
    const wrongToken = { url: sandbox.url, token: { id: sandbox.token.id, secret: 'not-the-secret-at-all' } };
    const clock = await advanceClock(wrongToken, '1d').catch((e: unknown) => e);
    expect(isSandboxKitError(clock)).toBe(true);
    expect(isTriggerJourneyError(clock)).toBe(false);
    expect(clock).toMatchObject({ name: 'SandboxKitError', operation: 'advanceClock', sandboxCode: 'BAD_SIGNATURE' });
    expect((clock as Error).message).toMatch(/^advanceClock: POST \/sandbox\/\S+: 401 BAD_SIGNATURE /);
    const expire = await expireConsent(sandbox, 'cns_nope').catch((e: unknown) => e);
    expect(expire).toMatchObject({ name: 'SandboxKitError', operation: 'expireConsent', code: 'REFUSED' });
    expect((expire as Error).message).toMatch(/^expireConsent: POST \S+cns_nope\S*: 404 CONSENT_NOT_FOUND/);
  });

  it("startSandbox({ now }): the 401 names the sandbox's clock and the request's Date; the client points at `now`", async () => {
    const now = () => new Date('2027-06-01T00:00:00Z');
    await using sandbox = await startTestSandbox({ now });
    const creds = { baseUrl: sandbox.url, tokenId: sandbox.token.id, signingSecret: sandbox.token.secret };
    const error = await createClient(creds)
      .listWebhooks()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthenticationError', code: 'TIMESTAMP_TOO_OLD' });
    const message = (error as Error).message;
    const sent = /the request's Date is (\S+)\./.exec(message)?.[1];
    expect(message).toContain("the sandbox's clock is set to 2027-06-01T00:00:00.000Z");
    expect(Math.abs(Date.parse(sent ?? '') - Date.now())).toBeLessThan(60_000);
    expect(message).toContain("createClient's `now` sets another");
    // Signed with the sandbox's clock, the same calls pass: the client's `now`, and the kit's target's.
    await expect(createClient({ ...creds, now }).listWebhooks()).resolves.toMatchObject({ webhooks: [] });
    await expect(advanceClock({ url: sandbox.url, now }, '1d')).resolves.toMatchObject({ now: expect.any(String) });
  });

  it('renewing a consent for a ref without an application says there is nothing to renew, and whose it is', async () => {
    await using sandbox = await startTestSandbox();
    const client = clientOf(sandbox);
    const { applicationId } = await triggerJourney(sandbox, { vendor: 'acme', ref: 'kit_renew' });
    const [consent] = (await client.listConsents({ vendor: 'acme', ref: 'kit_renew' })).consents;
    expect(applicationId).toMatch(/^app_/);
    const error = await client
      .renewConsent({ vendor: 'acme', ref: 'kit_nobody', renews: consent!.consent_id })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'APPLICATION_NOT_STARTED' });
    expect((error as Error).message).toContain(
      `no application for acme/kit_nobody, so no consent '${consent!.consent_id}' of theirs to renew; ` +
        `consent '${consent!.consent_id}' is acme/kit_renew's`,
    );
    expect((error as Error).message).not.toContain('call profile before creating a consent');
  });

  it("a renewal's bank page opened after the consent was revoked says the renewal was cancelled, not answered", async () => {
    await using sandbox = await startTestSandbox();
    const client = clientOf(sandbox);
    await triggerJourney(sandbox, { vendor: 'acme', ref: 'kit_revoked' });
    const [consent] = (await client.listConsents({ vendor: 'acme', ref: 'kit_revoked' })).consents;
    const renewal = await client.renewConsent({ vendor: 'acme', ref: 'kit_revoked', renews: consent!.consent_id });
    await revokeAtBank(sandbox, { vendor: 'acme', ref: 'kit_revoked', consentId: consent!.consent_id });
    const page = await fetch(renewal.consent_url);
    const html = await page.text();
    expect(page.status).toBe(409);
    expect(html).toContain('data-code="RENEWAL_CANCELLED"');
    expect(html).toContain('This renewal was cancelled');
    expect(html).toContain(`the consent it renews (${consent!.consent_id}) was revoked`);
    expect(html).not.toContain('already been answered');
    // The kit reads the bank page's own words when it refuses.
    const renewed = await triggerRenewal(sandbox, {
      vendor: 'acme',
      ref: 'kit_revoked',
      consentId: consent!.consent_id,
    }).catch((e: unknown) => e);
    expect(renewed).toMatchObject({ name: 'SandboxKitError', operation: 'triggerRenewal', code: 'REFUSED' });
  });
});
