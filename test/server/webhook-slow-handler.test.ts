// A webhook handler slower than the sender's timeout. The sandbox's sender gives up on a delivery after
// webhookRetry.timeoutMs and hangs up; the handler's late answer reaches nobody, and the event is delivered again. The
// integrator hears it in words — when the sender stopped waiting, how long the handler took, and the fix (acknowledge
// fast, queue the slow work) — through onError or the default console.error line, not as a bare RESPONSE_NOT_SENT.
// Real sandbox sender, real node:http and Hono receivers on loopback; the slow handler returns once the sender's
// connection has closed, so nothing waits on a fixed delay.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, expect, it, vi } from 'vitest';
import { createWebhookHandler, toFetchHandler, toNodeHandler } from '../../src/server/index.js';
import { startTestSandbox } from '../support/sandbox.js';

const KEYS = [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }];
const WORDS =
  /the sender stopped waiting \d+\.\d s after the delivery arrived; the handler answered 200 after \d+\.\d s, to nobody, and the sender will deliver it again\. Acknowledge within the sender's timeout \(sandbox: webhookRetry\.timeoutMs, 5 s\): do only what must happen once, queue the slow work for after the answer$/;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (closers.length) await closers.pop()!();
});

/** Resolves when the server's first response closes: the sender hung up on the first delivery. */
const firstHangUp = (server: Server) =>
  new Promise<void>((resolve) =>
    server.once('request', (_req: IncomingMessage, res: ServerResponse) => res.once('close', () => resolve())),
  );

/** An `on` function slow on its first event only: it returns once the sender has hung up. */
function slowFirst(hungUp: () => Promise<void>) {
  const seen: string[] = [];
  const on = async (e: { event_id: string }) => {
    seen.push(e.event_id);
    if (seen.length === 1) await hungUp();
  };
  return { seen, on };
}

async function listening(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

async function sandboxSendingTo(url: string) {
  const sb = await startTestSandbox({
    webhookRetry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 300 },
    webhooks: [{ url }],
  });
  closers.push(() => sb.close());
  await sb.driveToCrawled('acme', 'slow_1');
  return sb;
}

it('node:http: a handler slower than the sender waits reaches onError in words with the fix; the retry is a duplicate', async () => {
  const server = createServer();
  const hungUp = firstHangUp(server);
  const { seen, on } = slowFirst(() => hungUp);
  let told!: (e: { code: unknown; message: string; stage: string; eventId?: string }) => void;
  const reported = new Promise<Parameters<typeof told>[0]>((r) => (told = r));
  const handler = createWebhookHandler({
    verify: { keys: KEYS },
    on: { '*': on },
    onError: (error, info) =>
      told({ code: (error as { code?: unknown }).code, message: (error as Error).message, ...info }),
  });
  server.on('request', toNodeHandler(handler));
  const sb = await sandboxSendingTo(await listening(server));

  const r = await reported;
  expect(r).toMatchObject({ code: 'SENDER_STOPPED_WAITING', stage: 'respond', eventId: seen[0] });
  expect(r.message).toMatch(WORDS);
  expect(r.message).not.toMatch(/RESPONSE_NOT_SENT/);

  await sb.webhooksIdle();
  const first = sb.deliveries().filter((d) => d.event_id === seen[0]);
  expect(first.map((d) => [d.status, d.error])).toEqual([
    [null, 'timeout'],
    [200, undefined],
  ]);
  expect(seen.filter((id) => id === seen[0])).toHaveLength(1);
});

it('Hono (toFetchHandler), no onError: one console.error line says the sender stopped waiting, with the fix', async () => {
  const lines: string[] = [];
  let logged!: () => void;
  const line = new Promise<void>((r) => (logged = r));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => {
    lines.push(a.join(' '));
    logged();
  });
  let hungUp!: Promise<void>;
  const { seen, on } = slowFirst(() => hungUp);
  const webhook = toFetchHandler(createWebhookHandler({ verify: { keys: KEYS }, on: { '*': on } }));
  const app = new Hono();
  app.post('/webhooks', (c) => webhook(c.req.raw));
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  hungUp = firstHangUp(server);
  await sandboxSendingTo(await listening(server));

  await line;
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    new RegExp(`^hosted-journey-server: webhook respond failed: SENDER_STOPPED_WAITING, event ${seen[0]}: `),
  );
  expect(lines[0]).toMatch(new RegExp(`${WORDS.source.slice(0, -1)} \\(no onError\\)$`));
});
