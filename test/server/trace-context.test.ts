// W3C trace context through the backend helper, read back from a real loopback server and in-memory OpenTelemetry:
// a signed call sends traceparent from the active span, else from the caller's context (its span that context's
// child); the webhook's `process` span is the delivery's child and links to it; every invalid traceparent — from a
// call or a delivery — is ignored, never an error, and counted by reason.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWebhookHandler } from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { KEYS, PATH, event } from '../support/deliveries.js';
import { inMemoryOtel } from '../support/otel.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const GIVEN = `00-${TRACE}-${PARENT}-01`;
const INVALID = {
  malformed: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7',
  version: `ff-${TRACE}-${PARENT}-01`,
  zero_id: `00-${'0'.repeat(32)}-${PARENT}-01`,
  oversize: `01-${TRACE}-${PARENT}-01-${'a'.repeat(400)}`,
} as const;

const seen: IncomingHttpHeaders[] = [];
let hits = 0;
const server = createServer((req, res) => {
  seen.push(req.headers);
  hits++;
  if (req.url?.includes('flaky') || (hits === 1 && req.method === 'GET')) {
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"UNAVAILABLE","message":"x"}}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ webhooks: [] }));
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const clientWith = (telemetry: ReturnType<typeof inMemoryOtel>['telemetry'] | false) =>
  createClient({
    baseUrl,
    tokenId: 'tok_1',
    signingSecret: 'client-secret-123',
    retry: { retries: 2, baseDelayMs: 1 },
    telemetry,
  });

describe('a signed call sends traceparent', () => {
  it("from the caller's context: each attempt's span is its child and the request names that span as parent", async () => {
    const otel = inMemoryOtel();
    seen.length = 0;
    hits = 0;
    await clientWith(otel.telemetry).listWebhooks({ traceparent: GIVEN, tracestate: 'acme=t61rcWkgMzE' });
    const spans = otel.spans();
    expect(spans).toHaveLength(2);
    for (const [i, span] of spans.entries()) {
      expect(span.spanContext().traceId).toBe(TRACE);
      expect(span.parentSpanContext?.spanId).toBe(PARENT);
      expect(seen[i]!.traceparent).toBe(`00-${TRACE}-${span.spanContext().spanId}-01`);
      expect(seen[i]!.tracestate).toBe('acme=t61rcWkgMzE');
    }
    expect(spans[0]!.spanContext().spanId).not.toBe(spans[1]!.spanContext().spanId);
  });

  it('from the active span when one is active: it wins over the option', async () => {
    const otel = inMemoryOtel();
    seen.length = 0;
    hits = 1;
    const outer = otel.tracerProvider.getTracer('integrator');
    const active = await outer.startActiveSpan('page handler', async (span) => {
      await clientWith(otel.telemetry).listWebhooks({ traceparent: GIVEN });
      span.end();
      return span.spanContext();
    });
    const call = otel.spans().find((s) => s.name === 'GET /api/v1/webhooks')!;
    expect(call.spanContext().traceId).toBe(active.traceId);
    expect(call.parentSpanContext?.spanId).toBe(active.spanId);
    expect(seen[0]!.traceparent).toBe(`00-${active.traceId}-${call.spanContext().spanId}-01`);
  });

  it("with nothing recording (telemetry false), the caller's context as given; none without one", async () => {
    seen.length = 0;
    hits = 1;
    const client = clientWith(false);
    await client.listWebhooks({ traceparent: GIVEN, tracestate: 'bad state' });
    await client.listWebhooks();
    expect(seen[0]!.traceparent).toBe(GIVEN);
    expect(seen[0]!.tracestate).toBeUndefined();
    expect(seen[1]!.traceparent).toBeUndefined();
  });

  it('an invalid traceparent option is ignored (a new trace, no header sent on its behalf) and counted by reason', async () => {
    const otel = inMemoryOtel();
    const client = clientWith(otel.telemetry);
    for (const value of [...Object.values(INVALID), 42 as unknown as string]) {
      seen.length = 0;
      hits = 1;
      await expect(client.listWebhooks({ traceparent: value })).resolves.toEqual({ webhooks: [] });
      expect(seen[0]!.traceparent).not.toContain(PARENT);
    }
    expect(otel.spans().every((s) => s.parentSpanContext === undefined)).toBe(true);
    const counted = (await otel.metrics()).filter((p) => p.name === 'hosted_journey.trace_context.ignored');
    expect(
      Object.fromEntries(counted.map((p) => [p.attributes['hosted_journey.trace_context.problem'], p.value])),
    ).toEqual({ malformed: 2, version: 1, zero_id: 1, oversize: 1 });
    expect(counted.every((p) => p.attributes['hosted_journey.trace_context.source'] === 'client_call')).toBe(true);
  });
});

describe("the client's own traceparent option: a default for calls that pass none", () => {
  const OTHER = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
  const clientDefault = (traceparent: unknown, telemetry: ReturnType<typeof inMemoryOtel>['telemetry'] | false) =>
    createClient({
      baseUrl,
      tokenId: 'tok_1',
      signingSecret: 'client-secret-123',
      retry: false,
      telemetry,
      traceparent: traceparent as string,
    });

  it('a string: every call sends it (a span of that trace) unless the call passes its own or a span is active', async () => {
    const otel = inMemoryOtel();
    const client = clientDefault(GIVEN, otel.telemetry);
    seen.length = 0;
    hits = 1;
    await client.listWebhooks();
    await client.listWebhooks({ traceparent: OTHER });
    const outer = otel.tracerProvider.getTracer('integrator');
    const active = await outer.startActiveSpan('job', async (span) => {
      await client.listWebhooks();
      span.end();
      return span.spanContext();
    });
    const calls = otel.spans().filter((s) => s.name === 'GET /api/v1/webhooks');
    expect(calls.map((s) => s.spanContext().traceId)).toEqual([TRACE, 'a'.repeat(32), active.traceId]);
    expect(calls[0]!.parentSpanContext?.spanId).toBe(PARENT);
    expect(calls[2]!.parentSpanContext?.spanId).toBe(active.spanId);
    expect(seen.map((h) => h.traceparent)).toEqual(
      calls.map((s) => `00-${s.spanContext().traceId}-${s.spanContext().spanId}-01`),
    );
    seen.length = 0;
    await clientDefault(GIVEN, false).listWebhooks();
    expect(seen[0]!.traceparent).toBe(GIVEN); // nothing recording: sent as given
  });

  it("a function is asked at each call (each request's own trace); undefined sends none, an invalid answer or a throw is ignored and counted", async () => {
    const otel = inMemoryOtel();
    const answers: unknown[] = [GIVEN, OTHER, undefined, INVALID.zero_id, 'nonsense'];
    let asked = 0;
    const client = clientDefault(() => {
      const a = answers[asked++];
      if (a === 'nonsense') throw new Error('the page tracer failed');
      return a;
    }, otel.telemetry);
    seen.length = 0;
    hits = 1;
    for (let i = 0; i < answers.length; i++) await expect(client.listWebhooks()).resolves.toEqual({ webhooks: [] });
    expect(asked).toBe(answers.length);
    const traces = otel.spans().map((s) => s.spanContext().traceId);
    expect(traces.slice(0, 2)).toEqual([TRACE, 'a'.repeat(32)]);
    expect(new Set(traces.slice(2)).size).toBe(3); // three new traces
    expect(seen.slice(2).every((h) => !h.traceparent?.includes(PARENT))).toBe(true);
    const counted = (await otel.metrics()).filter((p) => p.name === 'hosted_journey.trace_context.ignored');
    expect(
      Object.fromEntries(counted.map((p) => [p.attributes['hosted_journey.trace_context.problem'], p.value])),
    ).toEqual({ zero_id: 1, malformed: 1 });
  });

  it('a value that is no traceparent and no function is a ServerConfigError naming the option, before any call', () => {
    seen.length = 0;
    for (const bad of [...Object.values(INVALID), '', 42, {}, null, GIVEN.toUpperCase()]) {
      let thrown: unknown;
      try {
        clientDefault(bad, false);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, String(bad)).toMatchObject({
        name: 'ServerConfigError',
        code: 'INVALID_OPTION',
        field: 'traceparent',
      });
    }
    expect(seen).toHaveLength(0);
  });
});

describe("the webhook's process span joins the delivery's trace", () => {
  const signed = async (id: string, extra: Record<string, string>) => {
    const d = await signWebhook({ payload: event(id), tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
    return { method: 'POST', path: PATH, headers: { ...d.headers, ...extra }, body: d.body };
  };

  it("is the delivery context's child and links to it; an active span stays the parent, the link stays", async () => {
    const otel = inMemoryOtel();
    const handler = createWebhookHandler({ verify: { keys: KEYS, path: PATH }, telemetry: otel.telemetry, on: {} });
    const outcome = await handler.handle(await signed('ev_t1', { traceparent: GIVEN, tracestate: 'acme=1' }));
    expect(outcome.status).toBe(200);
    const ambient = otel.tracerProvider.getTracer('http');
    await ambient.startActiveSpan('POST /hooks/hj', async (span) => {
      await handler.handle(await signed('ev_t2', { traceparent: GIVEN }));
      span.end();
    });
    const [child, underAmbient] = otel.spans().filter((s) => s.name.startsWith('process '));
    expect(child!.spanContext().traceId).toBe(TRACE);
    expect(child!.parentSpanContext?.spanId).toBe(PARENT);
    expect(child!.links.map((l) => l.context.spanId)).toEqual([PARENT]);
    expect(child!.links[0]!.context.traceState?.serialize()).toBe('acme=1');
    const http = otel.spans().find((s) => s.name === 'POST /hooks/hj')!;
    expect(underAmbient!.parentSpanContext?.spanId).toBe(http.spanContext().spanId);
    expect(underAmbient!.links.map((l) => l.context.traceId)).toEqual([TRACE]);
  });

  it('a missing, malformed, ff, all-zero or oversize traceparent starts a new trace, answers as ever, and is counted', async () => {
    const otel = inMemoryOtel();
    let ran = 0;
    const handler = createWebhookHandler({
      verify: { keys: KEYS, path: PATH },
      telemetry: otel.telemetry,
      on: { '*': () => void ran++ },
    });
    const cases: Record<string, string>[] = [{}, ...Object.values(INVALID).map((v) => ({ traceparent: v }))];
    cases.push({ traceparent: GIVEN.toUpperCase() }, { traceparent: `${GIVEN} ` });
    for (const [i, headers] of cases.entries()) {
      expect((await handler.handle(await signed(`ev_bad_${i}`, headers))).outcome).toBe('processed');
    }
    // A repeated header arrives as a list (Node): never an error either.
    const d = await signed('ev_list', {});
    const listed = { ...d, headers: { ...d.headers, traceparent: [GIVEN, GIVEN] } };
    expect((await handler.handle(listed as never)).outcome).toBe('processed');
    expect(ran).toBe(cases.length + 1);
    const spans = otel.spans();
    expect(spans.every((s) => s.parentSpanContext === undefined && s.links.length === 0)).toBe(true);
    expect(spans.every((s) => s.spanContext().traceId !== TRACE)).toBe(true);
    const counted = (await otel.metrics()).filter((p) => p.name === 'hosted_journey.trace_context.ignored');
    expect(
      Object.fromEntries(counted.map((p) => [p.attributes['hosted_journey.trace_context.problem'], p.value])),
    ).toEqual({ missing: 1, malformed: 4, version: 1, zero_id: 1, oversize: 1 });
    expect(counted.every((p) => p.attributes['hosted_journey.trace_context.source'] === 'webhook')).toBe(true);
  });

  it('with no SDK registered, nothing reads the header (the API is a no-op)', async () => {
    expect(trace.getTracerProvider().getTracer('x').startSpan('x').isRecording()).toBe(false);
    const handler = createWebhookHandler({ verify: { keys: KEYS, path: PATH }, on: {} });
    const d = await signed('ev_noop', {});
    let read = 0;
    const headers = new Proxy(d.headers as Record<string, string>, {
      get: (t, k) => {
        if (k === 'traceparent') read++;
        return t[k as string];
      },
    });
    expect((await handler.handle({ ...d, headers })).status).toBe(200);
    expect(read).toBe(0);
  });
});
