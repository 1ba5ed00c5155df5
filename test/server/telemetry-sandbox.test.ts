// The quick start's whole server side against the real sandbox, recorded by in-memory OpenTelemetry exporters and a
// logger: client calls (application, institution, consent, finalise, bundle), the customer's bank approval (the
// sandbox's consent page, submitted as a browser would), every webhook delivered twice, and a catch-up over the same
// events (its `receive events` span, each event's `process` span under it). Then every span name,
// attribute, metric label and log field is scanned for the secret, the signatures and other header values, the
// bodies, query values and the customer's personal data.
import { afterAll, expect, it } from 'vitest';
import { createClient, createWebhookHandler } from '../../src/server/index.js';
import { startReceiver } from '../support/http.js';
import { expectSpanNames, inMemoryOtel, leaks, memoryLogger, recordedStrings, until } from '../support/otel.js';
import { approveConsent, startTestSandbox } from '../support/sandbox.js';

const customer = { full_name: 'Ada Lovelace', email: 'ada.lovelace@example.com', phone: '+61 400 111 222' };
const ref = 'cust_obs_7f3a91';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

it('a quick-start flow with duplicate webhooks records spans and metrics with no secret, header value, body, query value or personal data', async () => {
  const otel = inMemoryOtel();
  const { lines, logger } = memoryLogger();
  const sb = await startTestSandbox({ duplicateRate: 1 });
  closers.push(() => sb.close());
  const { tokenId, secret } = sb.token;

  const processed = new Map<string, number>();
  const inner = otel.tracerProvider.getTracer('integrator');
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId, secret }] },
    telemetry: otel.telemetry,
    logger,
    on: {
      '*': async (event) => {
        inner.startSpan('save event').end();
        processed.set(event.type, (processed.get(event.type) ?? 0) + 1);
      },
    },
  });
  const receiver = await startReceiver(handler);
  closers.push(receiver.close);
  const { received } = receiver;
  const hookUrl = `${receiver.url}/webhooks?receiver=obs-check-q`;

  const sent: { headers: Headers; body: string; url: string }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    sent.push({ headers: new Headers(init?.headers), body: String(init?.body ?? ''), url: String(input) });
    return fetch(input, init);
  };
  const client = createClient({
    baseUrl: sb.url,
    tokenId,
    signingSecret: secret,
    fetch: recordingFetch,
    telemetry: otel.telemetry,
    logger,
  });

  await client.registerWebhook({ url: hookUrl });
  const since = new Date(Date.now() - 1000).toISOString();
  const started = await client.startApplication({ vendor: 'acme', ref, ...customer });
  await client.attachInstitution({ vendor: 'acme', ref, bank_id: 'sandbox-bank', pathway: 'cdr' });
  const consent = await client.createConsent({ vendor: 'acme', ref });
  await approveConsent(sb.url, consent.consent_url, 'approve');
  await until(() => processed.has('crawl.completed'));
  await client.finalise({ vendor: 'acme', ref });
  await until(() => processed.has('application.report_ready'));
  const bundle = await client.downloadBundle({ id: started.application_id, format: 'json' });
  expect(bundle.byteLength).toBeGreaterThan(100);
  // Every event was delivered twice and processed once.
  await until(() => received.length >= 2 * processed.size && [...processed.values()].every((n) => n === 1));
  // Catch-up over the same events: one `receive events` span, each event's `process` span its child.
  const summary = await handler.catchUp({ client, since });
  expect(summary.alreadyDone).toBe(summary.seen);

  const spans = otel.spans();
  const receive = spans.find((s) => s.name === 'receive events')!;
  expect(receive.kind).toBe(2);
  expect(receive.attributes).toMatchObject({
    'messaging.operation.type': 'receive',
    'messaging.batch.message_count': summary.seen,
    'hosted_journey.catch_up.processed': 0,
    'hosted_journey.catch_up.already_done': summary.seen,
    'hosted_journey.catch_up.failed': 0,
    'hosted_journey.webhook.store': 'memory',
  });
  const caughtUp = spans.filter((s) => s.parentSpanContext?.spanId === receive.spanContext().spanId);
  expect(caughtUp.filter((s) => s.name.startsWith('process ')).length).toBe(summary.seen);
  expect(caughtUp.map((s) => s.name)).toContain('GET /api/v1/events');
  expectSpanNames(spans, [
    'POST /api/v1/webhooks',
    'POST /api/v1/{vendor}/{ref}/profile',
    'POST /api/v1/{vendor}/{ref}/consents',
    'POST /api/v1/{vendor}/{ref}/finalise',
    'GET /api/v1/applications/{id}/bundle',
    'process consent.authorised',
    'process crawl.completed',
    'process application.report_ready',
    'save event',
  ]);
  const outcomes = spans.map((s) => s.attributes['hosted_journey.webhook.outcome']).filter(Boolean);
  expect(outcomes.filter((o) => o === 'processed').length).toBe(processed.size);
  expect(outcomes.filter((o) => o === 'duplicate' || o === 'in_flight').length).toBeGreaterThanOrEqual(processed.size);
  const metrics = await otel.metrics();
  // A delivery without a traceparent is counted as ignored (the sandbox sends one once an application has a trace).
  const measured = metrics.map((m) => m.name).filter((n) => n !== 'hosted_journey.trace_context.ignored');
  expect(new Set(measured)).toEqual(
    new Set([
      'http.client.request.duration',
      'hosted_journey.webhook.deliveries',
      'hosted_journey.webhook.duration',
      'hosted_journey.webhook.handler.duration',
      'hosted_journey.webhook.delay',
    ]),
  );

  const forbidden = new Set<string>([secret, ref, started.application_id, consent.consent_id, consent.consent_url]);
  for (const v of Object.values(customer)) forbidden.add(v);
  forbidden.add(new URL(consent.consent_url).search.slice(1));
  for (const v of new URL(hookUrl).searchParams.values()) forbidden.add(v);
  for (const s of sent) {
    for (const [k, v] of s.headers) if (k !== 'content-type' && k !== 'accept') forbidden.add(v);
    if (s.body) forbidden.add(s.body);
    for (const v of new URL(s.url).searchParams.values()) if (v !== 'json') forbidden.add(v);
  }
  for (const r of received) {
    for (const [k, v] of Object.entries(r.headers))
      if (!['host', 'content-type', 'content-length', 'connection', 'user-agent', 'accept'].includes(k))
        forbidden.add(String(v));
    forbidden.add(r.body);
    collectData(JSON.parse(r.body).data, forbidden);
  }
  const recorded = recordedStrings(spans, metrics, lines);
  expect(recorded.length).toBeGreaterThan(100);
  expect(leaks(recorded, [...forbidden])).toEqual([]);
  // The scan finds a value that is there: the event ids are recorded, and would be reported if forbidden.
  const anEventId = JSON.parse(received[0]!.body).event_id as string;
  expect(leaks(recorded, [anEventId]).length).toBeGreaterThan(0);
}, 60_000);

/** Every string of an event's data (ids, names, amounts): none of it belongs in telemetry. */
function collectData(v: unknown, into: Set<string>): void {
  if (typeof v === 'string') into.add(v);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) collectData(x, into);
}
