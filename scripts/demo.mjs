#!/usr/bin/env node
// `npm run demo`: builds, starts the sandbox (127.0.0.1:4010 or a free port) and the demo integrator app
// (localhost:4000 or a free port — another origin than the sandbox, as in production), prints the URLs and the
// sandbox credentials, and stops both on Ctrl-C. Set REDIS_URL to dedupe webhooks in Redis instead of memory, or
// DATABASE_URL to use a PostgresInbox (migrated on start) and write the application rows through ctx.db.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled(root);

/** `preferred` when it is free on `host`, else a free port chosen by the OS. */
function freePort(preferred, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      const any = createServer();
      any.listen(0, host, () => {
        const { port } = any.address();
        any.close(() => resolve(port));
      });
    });
    probe.listen(preferred, host, () => probe.close(() => resolve(preferred)));
  });
}

if (!process.argv.includes('--skip-build')) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', 'browser', 'iife', 'server', 'assets'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { startSandbox, DEFAULT_TOKENS, CRAWLER_LOGINS } = await import(
  pathToFileURL(path.join(root, 'dist', 'sandbox.js')).href
);
const sandboxPort = await freePort(4010, '127.0.0.1');
const demoPort = await freePort(4000, '127.0.0.1');
// HOSTED_JOURNEY_TRACE=1: the sandbox's spans go to Lendly's trace store (demo/trace-forward.ts), so an application's
// page draws the service's part of its trace too; the token keeps anyone else from adding rows there.
const tracing = process.env.HOSTED_JOURNEY_TRACE === '1';
const traceToken = randomBytes(24).toString('hex');
let telemetry = {};
if (tracing) {
  const { register } = await import('tsx/esm/api');
  register();
  const { forwardingProvider } = await import('../demo/trace-forward.ts');
  telemetry = { telemetry: { tracerProvider: forwardingProvider(() => `http://127.0.0.1:${demoPort}`, traceToken) } };
}
// The demo registers its own origin as Lendly's parent origin, as an integrator registers theirs with the service:
// the sandbox serves Lendly's journey only to frames of that page (and sends the bank's return only there).
const demoOrigin = `http://localhost:${demoPort}`;
// demoUrl: the sandbox's index page (GET /) links back to the demo.
const sandbox = await startSandbox({
  host: '127.0.0.1',
  port: sandboxPort,
  parentOrigins: { lendly: [demoOrigin] },
  demoUrl: demoOrigin,
  // Lendly's credentials: the credit report names Lendly as the enquirer and provider of what the demo lodges.
  tokens: DEFAULT_TOKENS.map((t) => ({ ...t, vendor: 'lendly' })),
  ...telemetry,
});

const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    SANDBOX_URL: sandbox.url,
    PORT: String(demoPort),
    ...(tracing ? { DEMO_TRACE_TOKEN: traceToken } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill('SIGTERM');
  await sandbox.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
child.on('exit', (code) => {
  if (!stopping) {
    console.error(`demo server exited (${code})`);
    void stop(code ?? 1);
  }
});

/** The store the demo server picks (demo/service.ts): DATABASE_URL, else REDIS_URL, else memory. */
function storeLine() {
  if (process.env.DATABASE_URL) {
    const u = URL.canParse(process.env.DATABASE_URL) ? new URL(process.env.DATABASE_URL) : undefined; // no password
    const where = u ? `${u.host}${u.pathname}; ` : '';
    return `PostgresInbox (${where}applications in demo_applications, written through ctx.db)`;
  }
  if (process.env.REDIS_URL) return `Redis (${process.env.REDIS_URL})`;
  return 'memory (set DATABASE_URL for PostgreSQL, REDIS_URL for Redis)';
}

let buffered = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  buffered += chunk;
  const m = /DEMO_URL=(\S+)/.exec(buffered);
  if (!m) return;
  buffered = '';
  child.stdout.removeAllListeners('data');
  child.stdout.pipe(process.stdout);
  const token = DEFAULT_TOKENS[0];
  console.log(`
  hosted-journey demo is running

  Demo app (the integrator)   ${m[1]}
    script tag                ${m[1]}/script-tag.html
    single-page app           ${m[1]}/spa.html
    server to server          ${m[1]}/direct.html
    credit reporting          ${m[1]}/credit.html
    connections (the year)    ${m[1]}/connections.html
  Sandbox (the service)       ${sandbox.url}
    index                     ${sandbox.url}/  (logins, registrations, recent webhook deliveries)
    API token id / secret     ${token.tokenId} / ${token.secret}
    crawler test logins       ${CRAWLER_LOGINS.connected.username}/${CRAWLER_LOGINS.connected.password} connects · ${CRAWLER_LOGINS.otp.username}/${CRAWLER_LOGINS.otp.password} asks for code ${CRAWLER_LOGINS.otp.code} · ${CRAWLER_LOGINS.failed.username}/${CRAWLER_LOGINS.failed.password} fails
  Webhook dedupe store        ${storeLine()}
  Spans (OpenTelemetry)       ${tracing ? `printed here as they end; each application's trace drawn at ${m[1]}/applications/{ref}` : 'off (HOSTED_JOURNEY_TRACE=1 prints them and draws each trace)'}

  Ctrl-C stops both.
`);
});
