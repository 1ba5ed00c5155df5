// The CLI's consent sub-commands as a user runs them: the built `dist/sandbox-cli.js` in a child process against a
// running sandbox. clock, expire, revoke and renew each print their result as JSON, exit 0 and send the webhook the
// transition sends; a bad flag exits 2 naming it, a refusal by the sandbox exits 1 with its message. Needs
// `node scripts/build.mjs` first.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type HostedJourneyClient } from '../../src/server/index.js';
import { startTestSandbox, triggerJourney, type TestSandbox } from '../../src/sandbox/testing/index.js';
import { startWebhookReceiver, type WebhookReceiverHandle } from '../support/sandbox.js';

const CLI = path.resolve('dist/sandbox-cli.js');
const TOKEN = 'cli_year:cli_year_secret';

let sb: TestSandbox;
let hooks: WebhookReceiverHandle;
let client: HostedJourneyClient;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI without blocking this process (the sandbox answering it lives here). */
function cli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const target = () => ['--url', sb.url, '--token', TOKEN];

async function hookOf(type: string, consentId: string) {
  const hit = await hooks.next(
    (h) => h.json.type === type && (h.json.data as { consent_id?: string }).consent_id === consentId,
  );
  return hit.json.data as Record<string, unknown>;
}

async function connected(ref: string) {
  await triggerJourney(sb, { vendor: 'acme', ref });
  return (await client.listConsents({ vendor: 'acme', ref })).consents[0]!;
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run node scripts/build.mjs first`);
  const [id, secret] = TOKEN.split(':') as [string, string];
  sb = await startTestSandbox({ tokens: [{ tokenId: id, secret }] });
  hooks = await startWebhookReceiver();
  await sb.addWebhook(hooks.url);
  client = createClient({ baseUrl: sb.url, tokenId: id, signingSecret: secret });
});
afterAll(async () => {
  await sb?.close();
  await hooks?.close();
});

describe('hosted-journey-sandbox clock / expire / revoke / renew (built CLI)', () => {
  it('clock --advance 336d: prints the new time; the 30-day warning goes out and the consent is expiring', async () => {
    const consent = await connected('cli_clock');
    const run = await cli(['clock', '--advance', '336d', ...target()]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const out = JSON.parse(run.stdout) as { now: string; advanced_ms: number };
    expect(out.advanced_ms).toBe(336 * 86_400_000);
    expect(Date.parse(out.now)).toBeGreaterThan(Date.now() + 335 * 86_400_000);
    expect(await hookOf('consent.expiring', consent.consent_id)).toMatchObject({ days_left: 30 });
    expect((await client.listConsents({ vendor: 'acme', ref: 'cli_clock' })).consents[0]!.status).toBe('expiring');
  });

  it('renew --outcome cancelled changes nothing; renew --days 90 moves the date and keeps the accounts', async () => {
    const consent = await connected('cli_renew');
    const who = ['--vendor', 'acme', '--ref', 'cli_renew', '--consent', consent.consent_id, ...target()];
    const before = JSON.stringify((await client.listConsents({ vendor: 'acme', ref: 'cli_renew' })).consents);
    const cancelled = await cli(['renew', ...who, '--outcome', 'cancelled']);
    expect(cancelled, cancelled.stderr).toMatchObject({ code: 0 });
    const { renewalId } = JSON.parse(cancelled.stdout) as { renewalId: string };
    expect(await hookOf('consent.denied', renewalId)).toMatchObject({ renews: consent.consent_id });
    expect(JSON.stringify((await client.listConsents({ vendor: 'acme', ref: 'cli_renew' })).consents)).toBe(before);

    const approved = await cli(['renew', ...who, '--days', '90']);
    expect(approved, approved.stderr).toMatchObject({ code: 0 });
    const renewed = await hookOf('consent.renewed', consent.consent_id);
    expect(renewed.account_ids).toEqual(consent.account_ids);
    const [after] = (await client.listConsents({ vendor: 'acme', ref: 'cli_renew' })).consents;
    expect(after).toMatchObject({ consent_id: consent.consent_id, sharing_days: 90, account_ids: consent.account_ids });
    expect(after!.sharing_expires_at).toBe(renewed.sharing_expires_at);
  });

  it('revoke: the bank dashboard stops it (revoked_by data_holder); expire on it then exits 1 with the refusal', async () => {
    const consent = await connected('cli_revoke');
    const run = await cli([
      'revoke',
      '--vendor',
      'acme',
      '--ref',
      'cli_revoke',
      '--consent',
      consent.consent_id,
      ...target(),
    ]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout)).toEqual({ revoked: consent.consent_id });
    expect(await hookOf('consent.revoked', consent.consent_id)).toMatchObject({ revoked_by: 'data_holder' });
    const refused = await cli(['expire', '--consent', consent.consent_id, ...target()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/revoked/);
    expect(refused.stdout).toBe('');
  });

  it('expire --consent: consent.expired now, and the consent reads expired', async () => {
    const consent = await connected('cli_expire');
    const run = await cli(['expire', '--consent', consent.consent_id, ...target()]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout)).toEqual({ expired: consent.consent_id });
    expect(await hookOf('consent.expired', consent.consent_id)).toMatchObject({ consent_id: consent.consent_id });
    expect((await client.listConsents({ vendor: 'acme', ref: 'cli_expire' })).consents[0]!.status).toBe('expired');
  });

  it('bad flags exit 2 with one line naming the flag; nothing is sent', async () => {
    const sent = hooks.received.length;
    const cases: Array<[string[], RegExp]> = [
      [['clock', ...target()], /clock needs --advance/],
      [['clock', '--advance', 'soon', ...target()], /advance/],
      [['renew', '--vendor', 'acme', '--ref', 'x', ...target()], /renew needs --consent/],
      [
        ['renew', '--vendor', 'acme', '--ref', 'x', '--consent', 'cns_x', '--outcome', 'maybe', ...target()],
        /--outcome/,
      ],
      [['renew', '--vendor', 'acme', '--ref', 'x', '--consent', 'cns_x', '--days', '400', ...target()], /--days/],
      [['expire', '--consent', 'cns_x', '--url', sb.url, '--token', 'nocolon'], /--token must be id:secret/],
      [['revoke', '--vendor', 'acme', '--ref', 'x', '--consent', 'cns_x', '--bogus', '1', ...target()], /bogus/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(args);
      // A duration the sandbox refuses is its answer (exit 1); every other case is the CLI's own check (exit 2).
      expect(run.code, args.join(' ')).toBe(args.includes('soon') ? 1 : 2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
    expect(hooks.received.length).toBe(sent);
  });
});
