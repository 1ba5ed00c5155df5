// Spans, metrics and log lines of the webhook handler and the client, read back from in-memory exporters: names and
// attributes per OpenTelemetry's conventions, the integrator's spans nested under the delivery span, retries as new
// spans with http.request.resend_count, nothing recorded with `telemetry: false`, and the loader's options checked.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as otelApi from '@opentelemetry/api';
import { metrics, trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { type DedupeStore, MemoryDedupeStore } from '../../src/server/stores/index.js';
import { createClient, createWebhookHandler, isServerConfigError } from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { KEYS, PATH, deliver, event } from '../support/deliveries.js';
import { inMemoryOtel, memoryLogger } from '../support/otel.js';

const attrs = (s: { attributes: Record<string, unknown> }) => s.attributes;

describe('webhook delivery spans and metrics', () => {
  it('one CONSUMER span per delivery named by event type, with id, type, outcome, store and scheme; the handler runs inside it', async () => {
    const otel = inMemoryOtel();
    const inner = otel.tracerProvider.getTracer('integrator');
    const handler = createWebhookHandler({
      verify: { keys: KEYS, path: PATH },
      telemetry: otel.telemetry,
      on: {
        'application.completed': async (e) => {
          if (e.event_id === 'ev_2') throw new Error('boom');
          await new Promise((r) => setTimeout(r, 5));
          inner.startSpan('db insert').end();
        },
      },
    });
    expect((await deliver(handler, event('ev_1'))).outcome).toBe('processed');
    expect((await deliver(handler, event('ev_1'))).outcome).toBe('duplicate');
    expect((await deliver(handler, event('ev_2'))).outcome).toBe('failed');
    expect((await deliver(handler, event('ev_3', 'vendor.note'))).outcome).toBe('ignored');
    const forged = await signWebhook({ payload: event('ev_4'), tokenId: 'wh_1', secret: 'not-the-secret', path: PATH });
    const rejected = await handler.handle({ method: 'POST', path: PATH, headers: forged.headers, body: forged.body });
    expect(rejected.outcome).toBe('rejected');

    const spans = otel.spans();
    const deliveries = spans.filter((s) => s.name.startsWith('process '));
    expect(deliveries.map((s) => s.name)).toEqual([
      'process application.completed',
      'process application.completed',
      'process application.completed',
      'process vendor.note',
      'process webhook',
    ]);
    expect(deliveries.map((s) => s.kind)).toEqual([4, 4, 4, 4, 4]);
    expect(attrs(deliveries[0]!)).toEqual({
      'messaging.operation.type': 'process',
      'messaging.message.id': 'ev_1',
      'hosted_journey.webhook.event_type': 'application.completed',
      'hosted_journey.webhook.outcome': 'processed',
      'hosted_journey.webhook.store': 'memory',
      'hosted_journey.webhook.scheme': 'hmac',
      'http.response.status_code': 200,
    });
    expect(attrs(deliveries[1]!)['hosted_journey.webhook.outcome']).toBe('duplicate');
    expect(attrs(deliveries[2]!)).toMatchObject({
      'hosted_journey.webhook.outcome': 'failed',
      'error.type': 'HANDLER_FAILED',
      'http.response.status_code': 500,
    });
    expect(deliveries[2]!.status.code).toBe(2);
    expect(attrs(deliveries[4]!)).toMatchObject({
      'hosted_journey.webhook.outcome': 'rejected',
      'error.type': 'BAD_SIGNATURE',
    });
    expect(attrs(deliveries[4]!)['messaging.message.id']).toBeUndefined();

    // The integrator's span has the delivery span as its parent, across the handler's await.
    const db = spans.find((s) => s.name === 'db insert')!;
    expect(db.parentSpanContext?.spanId).toBe(deliveries[0]!.spanContext().spanId);
    expect(db.spanContext().traceId).toBe(deliveries[0]!.spanContext().traceId);

    const points = await otel.metrics();
    const count = (outcome: string, type?: string) =>
      points.find(
        (p) =>
          p.name === 'hosted_journey.webhook.deliveries' &&
          p.attributes['hosted_journey.webhook.outcome'] === outcome &&
          p.attributes['hosted_journey.webhook.event_type'] === type,
      )?.value;
    expect(count('processed', 'application.completed')).toBe(1);
    expect(count('duplicate', 'application.completed')).toBe(1);
    expect(count('failed', 'application.completed')).toBe(1);
    expect(count('ignored', '_OTHER')).toBe(1);
    expect(count('rejected')).toBe(1);
    const handlerTimes = points.filter((p) => p.name === 'hosted_journey.webhook.handler.duration');
    const completed = handlerTimes.find(
      (p) =>
        p.attributes['hosted_journey.webhook.event_type'] === 'application.completed' && !p.attributes['error.type'],
    )!;
    expect(completed.unit).toBe('s');
    expect((completed.value as { count: number; min: number }).count).toBe(1);
    expect((completed.value as { min: number }).min).toBeGreaterThanOrEqual(0.004);
    expect(handlerTimes.find((p) => p.attributes['error.type'] === 'HANDLER_FAILED')).toBeDefined();
    // created_at is 2026-11-22T00:00:00Z: the delay is the time since then, in seconds.
    const delay = points.find((p) => p.name === 'hosted_journey.webhook.delay')!;
    const expected = (Date.now() - Date.parse('2026-11-22T00:00:00Z')) / 1000;
    expect(Math.abs((delay.value as { max: number }).max - expected)).toBeLessThan(60);
    expect(points.some((p) => p.name === 'hosted_journey.webhook.duration')).toBe(true);
  });

  it('in_flight and store unavailable are outcomes too; an unknown type is one metric label, _OTHER', async () => {
    const otel = inMemoryOtel();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const running = new Promise<void>((r) => (entered = r));
    const handler = createWebhookHandler({
      verify: { keys: KEYS, path: PATH },
      telemetry: otel.telemetry,
      on: {
        '*': () => {
          entered();
          return gate;
        },
      },
    });
    const first = deliver(handler, event('ev_1', 'vendor.something_new'));
    await running; // the first delivery holds the claim
    expect((await deliver(handler, event('ev_1', 'vendor.something_new'))).outcome).toBe('in_flight');
    release();
    expect((await first).outcome).toBe('processed');
    const broken: DedupeStore = {
      claim: () => Promise.reject(new Error('ECONNREFUSED')),
      renew: async () => true,
      complete: async () => true,
      release: async () => true,
    };
    const down = createWebhookHandler({
      verify: { keys: KEYS, path: PATH },
      store: broken,
      telemetry: otel.telemetry,
      onError: () => {},
      on: { '*': () => {} },
    });
    expect((await deliver(down, event('ev_9'))).outcome).toBe('unavailable');
    const spans = otel.spans();
    expect(spans.map((s) => s.attributes['hosted_journey.webhook.outcome'])).toEqual([
      'in_flight',
      'processed',
      'unavailable',
    ]);
    expect(spans[0]!.name).toBe('process vendor.something_new');
    expect(spans[2]!.attributes).toMatchObject({
      'error.type': 'STORE_UNAVAILABLE',
      'hosted_journey.webhook.store': 'custom',
    });
    const points = await otel.metrics();
    const types = new Set(
      points
        .filter((p) => p.name === 'hosted_journey.webhook.deliveries')
        .map((p) => p.attributes['hosted_journey.webhook.event_type']),
    );
    expect(types).toEqual(new Set(['_OTHER', 'application.completed']));
  });

  it('telemetry: false records nothing, even with a global SDK registered; the global providers are used by default', async () => {
    const otel = inMemoryOtel();
    trace.setGlobalTracerProvider(otel.tracerProvider);
    try {
      const off = createWebhookHandler({ verify: { keys: KEYS, path: PATH }, telemetry: false, on: { '*': () => {} } });
      expect((await deliver(off, event('ev_off'))).outcome).toBe('processed');
      expect(otel.spans()).toEqual([]);
      const global = createWebhookHandler({ verify: { keys: KEYS, path: PATH }, on: { '*': () => {} } });
      expect((await deliver(global, event('ev_on'))).outcome).toBe('processed');
      expect(otel.spans().map((s) => s.name)).toEqual(['process application.completed']);
    } finally {
      trace.disable();
    }
  });

  it('a handler made before the SDK registered records spans and metrics once it is (no-op meters are not kept)', async () => {
    const handler = createWebhookHandler({ verify: { keys: KEYS, path: PATH }, on: { '*': () => {} } });
    expect((await deliver(handler, event('ev_before'))).outcome).toBe('processed');
    const otel = inMemoryOtel();
    metrics.setGlobalMeterProvider(otel.meterProvider);
    trace.setGlobalTracerProvider(otel.tracerProvider);
    try {
      expect((await deliver(handler, event('ev_after'))).outcome).toBe('processed');
      const points = (await otel.metrics()).filter((p) => p.name === 'hosted_journey.webhook.deliveries');
      expect(points.map((p) => p.value)).toEqual([1]);
      expect(otel.spans().map((s) => s.attributes['messaging.message.id'])).toEqual(['ev_after']);
    } finally {
      metrics.disable();
      trace.disable();
    }
  });

  it('telemetry: { api } takes the module as imported (what Fetch runtimes pass) and its global providers', async () => {
    const otel = inMemoryOtel();
    trace.setGlobalTracerProvider(otel.tracerProvider);
    try {
      const handler = createWebhookHandler({
        verify: { keys: KEYS, path: PATH },
        telemetry: { api: otelApi },
        on: { '*': () => {} },
      });
      await deliver(handler, event('ev_api'));
      expect(otel.spans().map((s) => s.name)).toEqual(['process application.completed']);
    } finally {
      trace.disable();
    }
  });

  it('checks the options at creation', () => {
    const make = (extra: object) => () =>
      createWebhookHandler({ verify: { keys: KEYS, path: PATH }, on: {}, ...extra } as never);
    for (const [extra, field] of [
      [{ telemetry: 'yes' }, 'telemetry'],
      [{ telemetry: { api: {} } }, 'telemetry.api'],
      [{ telemetry: { tracerProvider: {} } }, 'telemetry.tracerProvider'],
      [{ telemetry: { meterProvider: 1 } }, 'telemetry.meterProvider'],
      [{ logger: { info() {} } }, 'logger'],
    ] as const) {
      let err: unknown;
      try {
        make(extra)();
      } catch (e) {
        err = e;
      }
      expect(isServerConfigError(err) && err.field, JSON.stringify(extra)).toBe(field);
    }
  });
});

describe('webhook logger', () => {
  it("a debug line per delivery and an error line per failure, with ids, codes, statuses and the failure's message", async () => {
    const { lines, logger } = memoryLogger();
    const handler = createWebhookHandler({
      verify: { keys: KEYS, path: PATH },
      telemetry: false,
      logger,
      on: {
        'application.completed': (e) => {
          if (e.event_id === 'ev_2') throw new Error('handler bug');
        },
      },
    });
    await deliver(handler, event('ev_1'));
    await deliver(handler, event('ev_2'));
    const forged = await signWebhook({ payload: event('ev_3'), tokenId: 'wh_1', secret: 'wrong-secret', path: PATH });
    await handler.handle({ method: 'POST', path: PATH, headers: forged.headers, body: forged.body });
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['debug', 'hosted-journey-server: webhook processed'],
      ['error', 'hosted-journey-server: webhook handler failed'],
      ['debug', 'hosted-journey-server: webhook failed'],
      ['error', 'hosted-journey-server: webhook verify failed'],
      ['debug', 'hosted-journey-server: webhook rejected'],
    ]);
    expect(lines[0]!.fields).toMatchObject({
      outcome: 'processed',
      status: 200,
      event_id: 'ev_1',
      event_type: 'application.completed',
    });
    expect(lines[1]!.fields).toMatchObject({ stage: 'handler', code: 'Error', event_id: 'ev_2' });
    expect((lines[1]!.fields.err as Error).message).toBe('handler bug');
    expect(lines[3]!.fields).toEqual({
      stage: 'verify',
      code: 'BAD_SIGNATURE',
      event_id: 'ev_3',
      status: 401,
      error_message: expect.stringMatching(/^signature does not match any configured key/),
    });
  });

  it('a throwing logger changes no answer', async () => {
    const boom = () => {
      throw new Error('logger down');
    };
    const handler = createWebhookHandler({
      verify: { keys: KEYS, path: PATH },
      logger: { debug: boom, info: boom, warn: boom, error: boom },
      on: { '*': () => {} },
    });
    expect((await deliver(handler, event('ev_1'))).status).toBe(200);
  });
});

describe('client spans and metrics', () => {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    if (hits === 1) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"UNAVAILABLE","message":"x"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ webhooks: [] }));
    void req;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('one CLIENT span per attempt, named by method and route template; a retry carries http.request.resend_count', async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const otel = inMemoryOtel();
    const { lines, logger } = memoryLogger();
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      tokenId: 'tok_1',
      signingSecret: 'client-secret-123',
      retry: { retries: 2, baseDelayMs: 1 },
      telemetry: otel.telemetry,
      logger,
    });
    await client.listWebhooks();
    await client.deleteWebhook('wh_42').catch(() => {});
    const spans = otel.spans();
    expect(spans.map((s) => s.name)).toEqual([
      'GET /api/v1/webhooks',
      'GET /api/v1/webhooks',
      'DELETE /api/v1/webhooks/{id}',
    ]);
    expect(spans.map((s) => s.kind)).toEqual([2, 2, 2]);
    expect(attrs(spans[0]!)).toEqual({
      'http.request.method': 'GET',
      'server.address': '127.0.0.1',
      'server.port': port,
      'url.template': '/api/v1/webhooks',
      'http.response.status_code': 503,
      'error.type': '503',
      'hosted_journey.operation': 'listWebhooks',
    });
    expect(attrs(spans[1]!)).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200 });
    expect(attrs(spans[1]!)['error.type']).toBeUndefined();
    expect(attrs(spans[2]!)['url.template']).toBe('/api/v1/webhooks/{id}');
    expect(JSON.stringify(spans.map(attrs))).not.toContain('wh_42');
    const points = (await otel.metrics()).filter((p) => p.name === 'http.client.request.duration');
    expect(points.every((p) => p.unit === 's')).toBe(true);
    expect(points.map((p) => p.attributes['http.response.status_code']).sort()).toEqual([200, 200, 503]);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'debug', 'debug']);
    expect(lines[0]!.fields).toMatchObject({
      operation: 'listWebhooks',
      status: 503,
      resend_count: 0,
      retryable: true,
    });
  });

  it('a network failure is a span with error.type the error class and no status', async () => {
    const otel = inMemoryOtel();
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      tokenId: 'tok_1',
      signingSecret: 'client-secret-123',
      retry: false,
      telemetry: otel.telemetry,
    });
    await expect(client.listWebhooks()).rejects.toThrow();
    const [span] = otel.spans();
    expect(span!.attributes['error.type']).toBe('HostedJourneyNetworkError');
    expect(span!.attributes['http.response.status_code']).toBeUndefined();
    expect(span!.status.code).toBe(2);
  });
});

it('MemoryDedupeStore is named memory', async () => {
  const otel = inMemoryOtel();
  const handler = createWebhookHandler({
    verify: { keys: KEYS, path: PATH, scheme: 'hmac' },
    store: new MemoryDedupeStore(),
    telemetry: otel.telemetry,
    on: {},
  });
  await deliver(handler, event('ev_1'));
  expect(otel.spans()[0]!.attributes['hosted_journey.webhook.store']).toBe('memory');
});
