// Attack: change answers through telemetry. The real OpenTelemetry SDK calls a span processor's onStart inside
// startSpan and its onEnd inside span.end(), so a processor that throws (a buggy exporter wrapper) reached the helper
// there: the webhook handler answered 500 after the event was marked done — on every redelivery — and registerWebhook
// rejected although the sandbox had registered the receiver, so a caller who retried registered twice. A meter whose
// instruments throw did the same. Telemetry never changes an answer or a result: the delivery is answered as it would
// be without telemetry, the call resolves with what the service answered.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from '@opentelemetry/api';
import { BasicTracerProvider, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDedupeStore } from '../../src/server/stores/index.js';
import type { TelemetryOptions } from '../../src/server/telemetry/index.js';
import { createClient, createWebhookHandler, toNodeHandler } from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { KEYS, PATH, event } from '../support/deliveries.js';
import { registerAsyncContext } from '../support/otel.js';
import { type TestSandbox, startTestSandbox } from '../support/sandbox.js';

/** A span processor that throws where the SDK calls it: at a span's start, at its end, or both. */
class ThrowingProcessor implements SpanProcessor {
  calls = { start: 0, end: 0 };
  constructor(readonly at: { start: boolean; end: boolean }) {}
  onStart(_span: Span, _context: Context): void {
    this.calls.start++;
    if (this.at.start) throw new Error('span processor onStart failed');
  }
  onEnd(_span: ReadableSpan): void {
    this.calls.end++;
    if (this.at.end) throw new Error('span processor onEnd failed');
  }
  forceFlush = async () => {};
  shutdown = async () => {};
}

/** A meter provider whose instruments throw on every value (or whose getMeter throws). */
const throwingMeters = (where: 'getMeter' | 'record') => {
  const fail = () => {
    throw new Error(`meter ${where} failed`);
  };
  const instrument = { add: fail, record: fail };
  return {
    getMeter: () =>
      where === 'getMeter' ? fail() : { createCounter: () => instrument, createHistogram: () => instrument },
  };
};

const ways: [string, () => { telemetry: TelemetryOptions; seen?: () => number }][] = [
  ...(['start', 'end', 'start and end'] as const).map(
    (at): [string, () => { telemetry: TelemetryOptions; seen: () => number }] => [
      `a span processor that throws in ${at === 'start' ? 'onStart' : at === 'end' ? 'onEnd' : 'onStart and onEnd'}`,
      () => {
        const p = new ThrowingProcessor({ start: at !== 'end', end: at !== 'start' });
        return {
          telemetry: { tracerProvider: new BasicTracerProvider({ spanProcessors: [p] }) },
          seen: () => p.calls.start + p.calls.end,
        };
      },
    ],
  ),
  ['a meter whose instruments throw', () => ({ telemetry: { meterProvider: throwingMeters('record') } })],
  ['a meter provider whose getMeter throws', () => ({ telemetry: { meterProvider: throwingMeters('getMeter') } })],
];

let server: Server | undefined;
beforeAll(() => registerAsyncContext());
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** The handler behind a real node:http server on loopback; answers the status and the body's status or code. */
async function post(url: string, id: string) {
  const d = await signWebhook({ payload: event(id), tokenId: KEYS[0]!.tokenId, secret: KEYS[0]!.secret, path: PATH });
  const r = await fetch(url + PATH, { method: 'POST', headers: d.headers, body: d.body as string });
  const body = (await r.json()) as { status?: string; error?: { code: string } };
  return [r.status, body.status ?? body.error?.code];
}

describe('telemetry that throws changes no webhook answer', () => {
  for (const [name, make] of ways) {
    it(`${name}: 200 processed (not 500 after marking done), the redelivery 200 duplicate, the handler ran once`, async () => {
      const { telemetry, seen } = make();
      let runs = 0;
      const handler = createWebhookHandler({
        verify: { keys: KEYS, path: PATH },
        store: new MemoryDedupeStore(),
        telemetry,
        on: { '*': () => void runs++ },
      });
      server?.close();
      server = createServer(toNodeHandler(handler));
      await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await post(url, `evt_tel_${name.replace(/\W+/g, '_')}`)).toEqual([200, 'processed']);
      expect(await post(url, `evt_tel_${name.replace(/\W+/g, '_')}`)).toEqual([200, 'duplicate']);
      expect(runs).toBe(1);
      if (seen) expect(seen()).toBeGreaterThan(0); // the SDK did call the throwing processor
    });
  }
});

describe('telemetry that throws changes no call result', () => {
  let sb: TestSandbox;
  beforeAll(async () => void (sb = await startTestSandbox()));
  afterAll(() => sb.close());

  for (const [name, make] of ways) {
    it(`${name}: registerWebhook resolves with the receiver the sandbox registered, once`, async () => {
      const { telemetry, seen } = make();
      const client = createClient({
        baseUrl: sb.url,
        tokenId: 'sandbox_token',
        signingSecret: 'sandbox_secret',
        telemetry,
      });
      const url = `http://127.0.0.1:9/telemetry-${name.replace(/\W+/g, '-')}`;
      const registered = await client.registerWebhook({ url, events: ['crawl.completed'] });
      expect(registered.url).toBe(url);
      const listed = (await client.listWebhooks()).webhooks.filter((w) => w.url === url);
      expect(listed).toEqual([registered]);
      if (seen) expect(seen()).toBeGreaterThan(0);
    });
  }
});
