// The CLI as a user runs it: a real child process, flags, printed credentials, a signed call, clean stop on signals.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { signRequest } from '../../src/server/index.js';
import { startWebhookReceiver } from '../support/sandbox.js';
import { sandboxCli } from '../support/cli.js';

const CLI = sandboxCli();

function start(args: string[]): {
  child: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, [...CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', check);
    child.once('exit', () => reject(new Error(`CLI exited early:\n${out}`)));
  });
  url.catch(() => undefined); // awaited only by tests that expect the CLI to start
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, url, exit };
}

describe('hosted-journey-sandbox CLI', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`serves with the given token and stops cleanly on ${signal}`, async () => {
      const cli = start([
        '--port',
        '0',
        '--token',
        'cli_tok:cli_secret',
        '--webhook',
        'http://127.0.0.1:9/hooks@cli_tok',
        '--seed',
        'cli',
        '--crawl-delay-ms',
        '0',
        '--demo-url',
        'http://localhost:4999',
      ]);
      const url = await cli.url;
      expect(cli.output()).toContain('token id cli_tok  secret cli_secret');
      expect(cli.output()).toContain('demo/demo');
      expect(cli.output()).toContain('http://127.0.0.1:9/hooks (signed as cli_tok)');
      expect(cli.output()).toContain(`index:           ${url}/`);
      const index = await (await fetch(`${url}/`, { headers: { accept: 'application/json' } })).json();
      expect(index).toMatchObject({
        tokens: [{ token_id: 'cli_tok' }],
        webhooks: [{ url: 'http://127.0.0.1:9/hooks', token_id: 'cli_tok' }],
        links: { demo: 'http://localhost:4999/' },
      });
      expect(JSON.stringify(index)).not.toContain('cli_secret');
      const body = JSON.stringify({ full_name: 'Cli User' });
      const path = '/api/v1/acme/cli_1/profile';
      const ok = await fetch(url + path, {
        method: 'POST',
        body,
        headers: await signRequest({ method: 'POST', path, body, tokenId: 'cli_tok', secret: 'cli_secret' }),
      });
      expect(ok.status).toBe(201);
      const refused = await fetch(url + path, {
        method: 'POST',
        body,
        headers: await signRequest({ method: 'POST', path, body, tokenId: 'sandbox_token', secret: 'sandbox_secret' }),
      });
      expect(refused.status).toBe(401);
      cli.child.kill(signal);
      expect(await cli.exit).toBe(0);
      expect(cli.output()).toContain(`${signal}: stopping sandbox`);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    });
  }

  it('exits 2 on a bad flag with one line naming it and a pointer to --help, not the whole usage', async () => {
    const [rate, typo, help] = [start(['--duplicate-rate', '2']), start(['--prot', '4011']), start(['--help'])];
    for (const cli of [rate, typo]) {
      expect(await cli.exit).toBe(2);
      const lines = cli.output().trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^hosted-journey-sandbox: (--duplicate-rate must be a number from 0 to 1|Unknown option '--prot')/,
      );
      expect(lines[1]).toBe("Run 'hosted-journey-sandbox --help' for the options.");
    }
    expect(await help.exit).toBe(0);
    expect(help.output()).toContain('Usage: hosted-journey-sandbox');
  }, 60_000);

  it.each([['acme'], ['acme=not-an-origin'], ['bad vendor=https://app.example']])(
    'exits 2 on a bad --parent-origin %s',
    async (value) => {
      const cli = start(['--port', '0', '--parent-origin', value]);
      expect(await cli.exit).toBe(2);
      expect(cli.output()).toMatch(/--parent-origin must be vendor=origin|parentOrigins/);
    },
  );

  it('--crawler-timeout-ms: a seed without credentials sends TIMEDOUT after that long, then application.abandoned; bad values exit 2', async () => {
    const receiver = await startWebhookReceiver();
    const cli = start([
      '--port',
      '0',
      '--crawler-timeout-ms',
      '150',
      '--webhook',
      receiver.url,
      '--duplicate-rate',
      '0',
    ]);
    try {
      const url = await cli.url;
      const body = JSON.stringify({ bank_id: 'crawler-credit-union', pathway: 'crawler' });
      const path = '/api/v1/acme/cli_t/profile';
      const headers = await signRequest({
        method: 'POST',
        path,
        body,
        tokenId: 'sandbox_token',
        secret: 'sandbox_secret',
      });
      expect((await fetch(url + path, { method: 'POST', body, headers })).status).toBe(201);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(3), { timeout: 5000, interval: 50 });
      const data = (h: (typeof receiver.received)[number]) => h.json.data as { status?: string; reason?: string };
      expect(receiver.received.map((h) => [h.json.type, data(h).status ?? data(h).reason])).toEqual([
        ['crawler.seed_created', undefined],
        ['crawler.lifecycle_updated', 'TIMEDOUT'],
        ['application.abandoned', 'crawler_timedout'],
      ]);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exit;
      await receiver.close();
    }
    const bad = start(['--crawler-timeout-ms', '9999999999']);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain('--crawler-timeout-ms must be a number from 0 to 2147483647');
  });
});

describe('a bad flag answers before the sandbox is loaded', () => {
  // The CLI's entry imports only the flag parsing and the banks' names; the sandbox, the testing kit and the MCP server
  // are imported once the flags are known good (about 0.2 CPU-s to a bad flag's answer, against 1 with them loaded).
  it('dist/sandbox-cli.js loads start, the kit and MCP only by import()', () => {
    expect(existsSync('dist/sandbox-cli.js'), 'run npm run build first').toBe(true);
    const built = readFileSync('dist/sandbox-cli.js', 'utf8');
    const statics = [...built.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]!);
    expect(statics.length).toBeGreaterThan(0);
    for (const s of statics) expect(s).toMatch(/^node:|\/institutions-[\w-]+\.js$/);
    for (const lazy of ['start', 'consents', 'trigger', 'server'])
      expect(built).toMatch(new RegExp(`import\\("\\./(server-chunks/)?${lazy}[\\w-]*\\.js"\\)`));
  });
});
