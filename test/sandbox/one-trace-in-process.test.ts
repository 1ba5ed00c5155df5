// The quick start's layout: the sandbox, the integrator's webhook receiver and its client in one process, with
// OpenTelemetry's NodeSDK and its HTTP instrumentation registered before any of them runs. The instrumentation records
// every HTTP request of the process, the sandbox's own included; a webhook delivery goes out while some request's
// span is active (the bank's form POST that approved the consent, a finalise call), and it must still travel in the
// journey's trace. One cdr journey with every webhook delivered twice: the client's, the sandbox's and the handler's
// spans, and the instrumentation's spans of the journey's calls and of each delivery, all share the journey's trace
// id; a delivery's instrumented POST is a child of the sandbox's `send` span. Outside it are only the instrumentation's
// spans of the page loads and the form POST that carry no context (a browser navigation sends no traceparent), each
// alone in its trace with nothing under it.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, expect, it } from 'vitest';
import { childContext, formatTraceparent } from '../../src/protocol/trace-context.js';
import { expectSpanNames, until } from '../support/otel.js';

const exporter = new InMemorySpanExporter();
const sdk = new NodeSDK({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
  instrumentations: [new HttpInstrumentation()],
});
sdk.start();
// The instrumentation patches node:http when it is required; the sources import it as ESM, which its require hook
// does not see (an app preloads the SDK with --import instead). The module object is the same, so requiring it once
// patches what the sources use.
createRequire(import.meta.url)('node:http');

const HTTP_SCOPE = '@opentelemetry/instrumentation-http';
const KIND = { SERVER: 1, CLIENT: 2 } as const;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
  await sdk.shutdown();
});

it("one journey with the sandbox in the app's process, under the NodeSDK's HTTP instrumentation, is one trace", async () => {
  // Loaded after the SDK started, as an app that registers it first loads them.
  const { createServer } = await import('node:http');
  const { createClient, createWebhookHandler, toNodeHandler } = await import('../../src/server/index.js');
  const { startSandbox } = await import('../../src/sandbox/index.js');
  const { triggerJourney } = await import('../../src/sandbox/testing/index.js');

  const sb = await startSandbox({ port: 0, crawlDelayMs: 0, duplicateRate: 1 });
  closers.push(() => sb.close());
  const processed = new Set<string>();
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] },
    on: { '*': (event) => void processed.add(event.type) },
  });
  const app = createServer(toNodeHandler(handler));
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => app.close(() => r())));
  const client = createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
  await client.registerWebhook({ url: `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks` });
  exporter.reset();

  // The journey session's context, as the widget makes it at open(); the page hands it to the server for finalise.
  const session = childContext();
  const traceparent = formatTraceparent(session);
  await triggerJourney(sb, { vendor: 'acme', ref: 'cust_in_process', pathway: 'cdr', traceparent });
  await until(() => processed.has('crawl.completed'));
  await client.finalise({ vendor: 'acme', ref: 'cust_in_process', traceparent });
  await until(() => processed.has('application.completed'));
  await sb.webhooksIdle();

  const spans = exporter.getFinishedSpans();
  const inTrace = spans.filter((s) => s.spanContext().traceId === session.traceId);
  const outside = spans.filter((s) => s.spanContext().traceId !== session.traceId);
  expectSpanNames(inTrace, [
    'create consent.authorised',
    'send consent.authorised',
    'process consent.authorised',
    'create crawl.completed',
    'send crawl.completed',
    'process crawl.completed',
    'POST /bank/{id}/decision',
    'POST /api/v1/{vendor}/{ref}/finalise',
    'process application.completed',
  ]);

  // Outside the journey's trace: only the instrumentation's SERVER spans of requests that carried no context.
  const parents = new Set(spans.map((s) => s.parentSpanContext?.spanId));
  expect(outside.map((s) => `${s.instrumentationScope.name} ${s.kind} ${pathOf(s)}`).sort()).toEqual(
    [`GET /i/acme/cust_in_process`, `GET /bank/sandbox-bank/authorise`, `POST /bank/sandbox-bank/decision`]
      .map((p) => `${HTTP_SCOPE} ${KIND.SERVER} ${p.split(' ')[1]}`)
      .sort(),
  );
  for (const s of outside) expect(parents.has(s.spanContext().spanId), pathOf(s)).toBe(false);

  // Each delivery's instrumented POST is the child of the sandbox's `send` span of that attempt.
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  const posts = inTrace.filter((s) => s.instrumentationScope.name === HTTP_SCOPE && s.kind === KIND.CLIENT);
  const sends = inTrace.filter((s) => s.name.startsWith('send '));
  expect(posts.length).toBe(sends.length);
  const sent = new Set(sends.map((s) => s.name));
  expect(sent.size).toBe(7); // consent, two account events, crawl, documents, report, completed
  expect(sends.length).toBe(2 * sent.size); // every event twice
  for (const p of posts) expect(byId.get(p.parentSpanContext?.spanId ?? '')?.name).toMatch(/^send /);
  const processes = inTrace.filter((s) => s.name.startsWith('process '));
  expect(processes.length).toBe(sends.length);
}, 60_000);

function pathOf(s: ReadableSpan): string {
  return String(s.attributes['url.path'] ?? s.attributes['http.target'] ?? '');
}
