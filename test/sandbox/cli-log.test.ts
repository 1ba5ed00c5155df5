// The CLI's log, read as a user reads it: a real `hosted-journey-sandbox` child process, a real receiver that fails
// once, a real bank approval; its stdout must show each delivery attempt with its status and each 401 with its code.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { signRequest } from '../../src/server/index.js';
import { approveConsent, startWebhookReceiver, type WebhookReceiverHandle } from '../support/sandbox.js';
import { sandboxCli } from '../support/cli.js';

let receiver: WebhookReceiverHandle | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** Resolves once `check()` holds, re-checked on every chunk the CLI prints; fails with its output if it exits first. */
function until(child: ChildProcess, check: () => boolean, what: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const off = () => {
      child.stdout!.off('data', test);
      child.stderr!.off('data', test);
      child.off('exit', exited);
    };
    const test = () => {
      if (!check()) return;
      off();
      resolve();
    };
    const exited = () => {
      off();
      reject(new Error(`the CLI exited; output:\n${what()}`));
    };
    child.stdout!.on('data', test);
    child.stderr!.on('data', test);
    child.on('exit', exited);
    test();
  });
}

describe('hosted-journey-sandbox logs deliveries and 401s', () => {
  it('prints one line per delivery attempt (status, retry) and per 401 (reason code), without secrets', async () => {
    receiver = await startWebhookReceiver((_hook, i) => (i === 0 ? 500 : 200));
    const args = ['--port', '0', '--token', 'cli_tok:cli_secret_4e2b', '--webhook', `${receiver.url}@cli_tok`];
    const child = spawn(
      process.execPath,
      [...sandboxCli(), ...args, '--crawl-delay-ms', '0', '--duplicate-rate', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await until(
        child,
        () => /listening on http:\/\/\S+/.test(out),
        () => out,
      );
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      const banner = out.length;
      const call = async (path: string, body: object, secret = 'cli_secret_4e2b') => {
        const raw = JSON.stringify(body);
        const headers = await signRequest({ method: 'POST', path, body: raw, tokenId: 'cli_tok', secret });
        return fetch(url + path, { method: 'POST', headers, body: raw });
      };

      // A 401: the right token id with the wrong secret.
      expect((await call('/api/v1/acme/cli_1/profile', { full_name: 'A' }, 'wrong_secret_91')).status).toBe(401);
      await until(
        child,
        () => out.includes('401 BAD_SIGNATURE'),
        () => out,
      );
      expect(out.slice(banner)).toMatch(/\d\d:\d\d:\d\d 401 BAD_SIGNATURE POST \/api\/v1\/acme\/cli_1\/profile: /);

      // A delivery that fails once, then succeeds on the retry.
      const prof = { full_name: 'Alex Citizen', email: 'alex@example.com', bank_id: 'sandbox-bank', pathway: 'cdr' };
      expect((await call('/api/v1/acme/cli_2/profile', prof)).status).toBe(201);
      const consent = (await (await call('/api/v1/acme/cli_2/consents', {})).json()) as { consent_url: string };
      await approveConsent(url, consent.consent_url, 'approve');
      await until(
        child,
        () => /consent\.authorised \S+ → \S+: 200 \(attempt 2\)/.test(out),
        () => out,
      );
      const log = out.slice(banner);
      const id = receiver.received[0]!.json.event_id;
      expect(log).toContain(`webhook consent.authorised ${id} → ${receiver.url}: 500\n`);
      expect(log).toContain(`webhook consent.authorised ${id} → ${receiver.url}: 200 (attempt 2)\n`);
      expect(log).not.toContain('cli_secret_4e2b');
      expect(log).not.toContain('wrong_secret_91');
      expect(log).not.toContain('Alex Citizen');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 30_000);
});
