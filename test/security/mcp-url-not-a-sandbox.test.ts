// `hosted-journey-sandbox mcp --url` pointed at something that is not a sandbox — standing in for the production base
// URL with production credentials in the environment: a loopback server that answers the API's paths as the service
// would (a signed revoke there "succeeded"). The server exits 2 with a message before any tool can run, and the only
// request that reached the URL is the unsigned check `GET /`. A sandbox that does not list the token is refused alike.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxCli } from '../support/cli.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A loopback server answering every path with `index` for `/` and a signed-call success for the rest. */
async function lookalike(index: {
  type: string;
  body: string;
  status?: number;
}): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    if (req.url === '/') res.writeHead(index.status ?? 200, { 'content-type': index.type }).end(index.body);
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"consent_id":"cns_1","status":"revoked"}');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Runs `mcp` as an assistant would (stdin open), until it exits. */
function runMcp(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...sandboxCli(), 'mcp', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill(), 20_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const PRODUCTION = { HJ_TOKEN_ID: 'live_tok_1', HJ_SIGNING_SECRET: 'live_secret_9d2c' };
const SANDBOX_INDEX = (tokens: string[]) =>
  JSON.stringify({ name: 'hosted-journey sandbox', tokens: tokens.map((token_id) => ({ token_id })) });

describe('mcp --url refuses a URL that is not a sandbox, before any tool runs', () => {
  it('a service that answers the API (and an HTML home page): exit 2, only the unsigned GET / reached it', async () => {
    const service = await lookalike({ type: 'text/html', body: '<!doctype html><title>Lender</title>' });
    const run = await runMcp(['--url', service.url], PRODUCTION);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${service.url} is not a hosted-journey sandbox`);
    expect(run.stderr).toMatch(/answered 200 text\/html/);
    expect(run.stderr).toMatch(/drives only a sandbox/);
    expect(run.stdout).toBe('');
    expect(service.seen).toEqual([{ method: 'GET', url: '/', authorization: undefined }]);
    expect(run.stderr).not.toContain(PRODUCTION.HJ_SIGNING_SECRET);
  });

  it('a service whose / answers JSON of its own: exit 2, nothing signed', async () => {
    const service = await lookalike({ type: 'application/json', body: '{"status":"ok","name":"lender-api"}' });
    const run = await runMcp(['--url', `${service.url}/api`], PRODUCTION);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not a hosted-journey sandbox/);
    expect(service.seen).toEqual([{ method: 'GET', url: '/', authorization: undefined }]);
  });

  it("a sandbox that does not list the environment's token: exit 2 naming the variables, nothing signed", async () => {
    const sandbox = await lookalike({ type: 'application/json', body: SANDBOX_INDEX(['sandbox_token']) });
    const run = await runMcp(['--url', sandbox.url], PRODUCTION);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/has no token 'live_tok_1' \(it has sandbox_token\): set HJ_TOKEN_ID and HJ_SIGNING/);
    expect(sandbox.seen).toEqual([{ method: 'GET', url: '/', authorization: undefined }]);
  });

  it('a sandbox refusing the host name (HOST_NOT_ALLOWED): exit 2 naming --allowed-host', async () => {
    const refusing = await lookalike({
      type: 'application/json',
      body: '{"error":{"code":"HOST_NOT_ALLOWED","message":"this sandbox does not serve the host"}}',
      status: 403,
    });
    const run = await runMcp(['--url', refusing.url], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /answered 403 application\/json \(HOST_NOT_ALLOWED\); for a sandbox, start it with --allowed/,
    );
  });

  it('nothing listening: exit 2 saying so', async () => {
    const gone = await lookalike({ type: 'text/html', body: '' });
    await new Promise((r) => servers.pop()!.close(r));
    const run = await runMcp(['--url', gone.url], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/nothing answered at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it('credentials only from the environment: --token refused, and half a token, before any request', async () => {
    const sandbox = await lookalike({ type: 'application/json', body: SANDBOX_INDEX(['sandbox_token']) });
    const flag = await runMcp(['--url', sandbox.url, '--token', 'live_tok_1:live_secret_9d2c'], {});
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/with --url the token comes from the environment, HJ_TOKEN_ID and HJ_SIGNING_SECRET/);
    const half = await runMcp(['--url', sandbox.url], { HJ_TOKEN_ID: 'sandbox_token' });
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/set both HJ_TOKEN_ID and HJ_SIGNING_SECRET/);
    expect(sandbox.seen).toEqual([]);
  });
});
