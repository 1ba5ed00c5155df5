// HOSTED_JOURNEY_TRACE=1: the demo's tracing (demo/tracing.ts) prints each span with the console exporter, and a
// webhook delivery in PostgreSQL mode prints as `process <event type>` with the application row's write as its child
// (the demo's receiver, createService, with a real PostgreSQL; the printed objects are read from console.dir).
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type Service, createService } from '../../demo/service.js';
import { ApplicationStore } from '../../demo/store.js';
import { startTracing, tracingRequested } from '../../demo/tracing.js';
import { signWebhook } from '../../src/server/testing.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let db: RunningPostgres;
let server: Server | undefined;
let service: Service | undefined;
beforeAll(async () => void (db = await startPostgres()), 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  await service?.close();
  await db?.destroy();
  trace.disable();
});

it('HOSTED_JOURNEY_TRACE=1 asks for spans; nothing else does', () => {
  expect(tracingRequested({ HOSTED_JOURNEY_TRACE: '1' })).toBe(true);
  expect(tracingRequested({})).toBe(false);
  expect(tracingRequested({ HOSTED_JOURNEY_TRACE: '0' })).toBe(false);
});

it("prints a delivery's span with the handler's database write inside it", async () => {
  const printed: { name: string; id: string; traceId: string; parentSpanContext?: { spanId: string } }[] = [];
  const dir = vi.spyOn(console, 'dir').mockImplementation((o) => void printed.push(o as (typeof printed)[number]));
  const { provider } = startTracing();
  try {
    service = createService({
      sandboxUrl: 'http://127.0.0.1:9',
      tokenId: 'sandbox_token',
      signingSecret: 'sandbox_secret',
      vendor: 'lendly',
      store: new ApplicationStore(),
      databaseUrl: db.url,
    });
    await service.start();
    const s = service;
    server = createServer((req, res) => void s.webhooks(req, res));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    const payload = {
      event_id: 'evt_trace_1',
      type: 'consent.authorised',
      created_at: new Date().toISOString(),
      vendor: 'lendly',
      ref: 'cust_trace',
      application_id: 'app_trace',
      data: { consent_id: 'con_1', institution_id: 'sandbox-bank', pathway: 'cdr' },
    };
    const d = await signWebhook({ payload, tokenId: 'sandbox_token', secret: 'sandbox_secret', path: '/webhooks' });
    const res = await fetch(url, { method: 'POST', headers: d.headers, body: d.body as string });
    expect(res.status).toBe(200);
    await provider.forceFlush();
  } finally {
    dir.mockRestore();
  }
  const delivery = printed.find((p) => p.name === 'process consent.authorised');
  const write = printed.find((p) => p.name === 'UPSERT demo_applications');
  expect(delivery, JSON.stringify(printed.map((p) => p.name))).toBeDefined();
  expect(write).toBeDefined();
  expect(write!.parentSpanContext?.spanId).toBe(delivery!.id);
  expect(write!.traceId).toBe(delivery!.traceId);
}, 60_000);
