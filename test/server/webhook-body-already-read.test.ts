// A webhook body the framework read before the handler: Express's express.json() mounted before the route, and Hono's
// c.req.json() before handing c.req.raw over. The sender gets 400 PARSED_BODY, and the integrator — who never sees
// that answer — hears it through onError (stage 'verify') or, without onError, one console.error line, each naming
// what read the body and the fix. Mounted the documented way, the same delivery is processed. Real Express and Hono
// servers on loopback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, expect, it, vi } from 'vitest';
import { createWebhookHandler, toFetchHandler, toNodeHandler, type WebhookHandler } from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { event as completed } from '../support/events.js';

// express ships no types in this install (no @types/express): the few calls this test makes.
type ExpressApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  use(fn: unknown): void;
  post(path: string, fn: unknown): void;
};
const express = (await import('express' as string)).default as { (): ExpressApp; json(): unknown };

const KEYS = [{ tokenId: 'wh_1', secret: 'already-read-secret' }];
const event = (id: string) => ({ ...completed(id), application_id: 'app_1' });

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (closers.length) await closers.pop()!();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function post(base: string, id: string) {
  const d = await signWebhook({ payload: event(id), tokenId: 'wh_1', secret: KEYS[0]!.secret, path: '/webhooks' });
  const res = await fetch(`${base}/webhooks`, { method: 'POST', headers: d.headers, body: d.body as string });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
}

function handler(withOnError: boolean) {
  const seen: string[] = [];
  const reported: { code: unknown; message: string; stage: string }[] = [];
  const h: WebhookHandler = createWebhookHandler({
    verify: { keys: KEYS },
    on: { '*': (e) => void seen.push(e.event_id) },
    ...(withOnError
      ? {
          onError: (error, info) =>
            void reported.push({
              code: (error as { code?: unknown }).code,
              message: (error as Error).message,
              stage: info.stage,
            }),
        }
      : {}),
  });
  return { h, seen, reported };
}

const expressApp = (h: WebhookHandler, jsonFirst: boolean) => {
  const app = express();
  if (jsonFirst) app.use(express.json());
  app.post('/webhooks', toNodeHandler(h));
  return listen(createServer(app));
};

const honoApp = async (h: WebhookHandler, readFirst: boolean) => {
  const webhook = toFetchHandler(h);
  const app = new Hono();
  app.post('/webhooks', async (c) => {
    if (readFirst) await c.req.json();
    return webhook(c.req.raw);
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

it('Express: express.json() before the route → 400 PARSED_BODY, onError hears it with the fix; mounted first → processed', async () => {
  const { h, seen, reported } = handler(true);
  const r = await post(await expressApp(h, true), 'evt_x1');
  expect(r.status).toBe(400);
  expect(r.body.error?.code).toBe('PARSED_BODY');
  expect(r.body.error?.message).toContain('express.json()');
  expect(reported).toEqual([
    {
      code: 'PARSED_BODY',
      stage: 'verify',
      message: expect.stringMatching(/express\.json\(\).*before app\.use\(express\.json\(\)\).*express\.raw/),
    },
  ]);
  expect(seen).toEqual([]);

  const right = handler(true);
  expect((await post(await expressApp(right.h, false), 'evt_x2')).status).toBe(200);
  expect(right.seen).toEqual(['evt_x2']);
  expect(right.reported).toEqual([]);
});

it("Hono: c.req.json() before the handler → 400 PARSED_BODY (not 'could not read'), onError hears the fix; unread → processed", async () => {
  const { h, seen, reported } = handler(true);
  const r = await post(await honoApp(h, true), 'evt_h1');
  expect(r.status).toBe(400);
  expect(r.body.error?.code).toBe('PARSED_BODY');
  expect(reported).toEqual([
    {
      code: 'PARSED_BODY',
      stage: 'verify',
      message: expect.stringMatching(/c\.req\.json\(\).*webhook\(c\.req\.raw\)/),
    },
  ]);
  expect(seen).toEqual([]);

  const right = handler(true);
  expect((await post(await honoApp(right.h, false), 'evt_h2')).status).toBe(200);
  expect(right.seen).toEqual(['evt_h2']);
});

it('without onError, one console.error line names the framework that read the body and the fix', async () => {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')));
  await post(await honoApp(handler(false).h, true), 'evt_h3');
  await post(await expressApp(handler(false).h, true), 'evt_x3');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    /^hosted-journey-server: webhook verify failed: PARSED_BODY \(answered 400\).*c\.req\.json\(\)/,
  );
  expect(lines[1]).toMatch(
    /^hosted-journey-server: webhook verify failed: PARSED_BODY \(answered 400\).*express\.json\(\)/,
  );
});
