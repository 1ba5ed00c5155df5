// One trace per journey, from the journey session's context to the integrator's webhook handler, against the real
// sandbox with in-memory OpenTelemetry: N journeys (cdr and crawler pathways, through the testing kit's
// triggerJourney, which makes the journey pages' and the bank page's calls — the popup and the redirect round trips
// make the same ones), every webhook delivered twice, the
// integrator's finalise retried once after a network failure. Every client span, sandbox span and handler span of a
// journey shares that journey's trace id, no two journeys share one, and nothing else is traced. Then invalid
// traceparents from a client call and from the journey are ignored (counted by the client), and every span name,
// attribute and metric label is scanned for secrets, signatures, bodies and personal data.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { childContext, formatTraceparent, parseTraceparent } from '../../src/protocol/trace-context.js';
import { createClient, createWebhookHandler } from '../../src/server/index.js';
import { triggerJourney } from '../../src/sandbox/testing/index.js';
import { startReceiver } from '../support/http.js';
import { expectSpanNames, inMemoryOtel, leaks, recordedStrings, until } from '../support/otel.js';
import { startTestSandbox } from '../support/sandbox.js';

/** Journeys run: 100 take ~20 s on a quiet machine (each waits on its crawl and its deliveries). */
const N = 100;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

it(`${N} journeys: each one's client, sandbox and handler spans share its trace id, and no two share one`, async () => {
  const otel = inMemoryOtel();
  const sb = await startTestSandbox({ duplicateRate: 1, telemetry: { tracerProvider: otel.tracerProvider } });
  closers.push(() => sb.close());
  const { tokenId, secret } = sb.token;

  const processed = new Map<string, Set<string>>(); // application id → event types
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId, secret }] },
    telemetry: otel.telemetry,
    on: {
      '*': (event) => {
        const id = event.application_id ?? '';
        if (!processed.has(id)) processed.set(id, new Set());
        processed.get(id)!.add(event.type);
      },
    },
  });
  const receiver = await startReceiver(handler);
  closers.push(receiver.close);
  const { received } = receiver;
  const hookUrl = `${receiver.url}/webhooks`;

  // The first attempt of every finalise fails on the network: the client retries it (same idempotency key).
  const failedOnce = new Set<string>();
  const sent: { headers: Headers; body: string }[] = [];
  const flakyFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    sent.push({ headers, body: String(init?.body ?? '') });
    const key = headers.get('idempotency-key');
    if (String(input).endsWith('/finalise') && key && !failedOnce.has(key)) {
      failedOnce.add(key);
      throw new TypeError('fetch failed');
    }
    return fetch(input, init);
  };
  const client = createClient({
    baseUrl: sb.url,
    tokenId,
    signingSecret: secret,
    fetch: flakyFetch,
    retry: { retries: 2, baseDelayMs: 1 },
    telemetry: otel.telemetry,
  });
  await client.registerWebhook({ url: hookUrl });
  const registration = otel.spans().length;

  const journeys = Array.from({ length: N }, (_, i) => ({
    ref: `cust_trace_${i}`,
    pathway: i % 2 === 0 ? ('cdr' as const) : ('crawler' as const),
    // The journey session's context, as the widget makes it at open() and hands the journey and the page.
    traceparent: formatTraceparent(childContext()),
    applicationId: '',
  }));
  const t0 = Date.now();
  await Promise.all(
    journeys.map(async (j) => {
      const done = await triggerJourney(sb, {
        vendor: 'acme',
        ref: j.ref,
        pathway: j.pathway,
        traceparent: j.traceparent,
      });
      j.applicationId = done.applicationId;
      await until(() => processed.get(j.applicationId)?.has('crawl.completed') === true);
      // The page handed the session's traceparent to its server, which finalises in that trace.
      await client.finalise({ vendor: 'acme', ref: j.ref, traceparent: j.traceparent });
      await until(() => processed.get(j.applicationId)?.has('application.completed') === true);
    }),
  );
  await sb.webhooksIdle();
  const took = Date.now() - t0;
  expect(took).toBeLessThan(60_000);

  const traceOf = new Map(journeys.map((j) => [j.applicationId, parseTraceparent(j.traceparent)]));
  const ids = new Set(
    journeys.map((j) => (parseTraceparent(j.traceparent) as { context: { traceId: string } }).context.traceId),
  );
  expect(ids.size).toBe(N);

  // Every delivery carried a traceparent in its application's trace.
  for (const r of received) {
    const event = JSON.parse(r.body) as { application_id: string };
    const expected = traceOf.get(event.application_id);
    const got = parseTraceparent(r.headers.traceparent);
    expect(got.ok && expected?.ok && got.context.traceId === expected.context.traceId).toBe(true);
  }

  const spans = otel.spans().slice(registration);
  const byScope = (scope: string) => spans.filter((s) => s.instrumentationScope.name === scope);
  const server = byScope('hosted-journey-server');
  const sandbox = byScope('hosted-journey-sandbox');
  const clientSpans = server.filter((s) => s.kind === 2);
  const handlerSpans = server.filter((s) => s.name.startsWith('process '));
  expect(clientSpans.length).toBe(2 * N); // each finalise: a failed attempt and its retry
  expect(clientSpans.filter((s) => s.attributes['http.request.resend_count'] === 1).length).toBe(N);
  expect(handlerSpans.length).toBe(received.length);
  expect(sandbox.length).toBeGreaterThan(5 * N);
  // Nothing outside the journeys' traces: every span of the three kinds is in one of the N.
  for (const s of spans) expect(ids.has(s.spanContext().traceId), s.name).toBe(true);
  // Per journey: its handler spans (by the event's id) are in its own trace, and every trace holds all three kinds.
  const appOfEvent = new Map(
    received
      .map((r) => JSON.parse(r.body) as { event_id: string; application_id: string })
      .map((e) => [e.event_id, e.application_id]),
  );
  for (const s of handlerSpans) {
    const t = traceOf.get(appOfEvent.get(String(s.attributes['messaging.message.id']))!);
    expect(t?.ok && t.context.traceId).toBe(s.spanContext().traceId);
  }
  for (const id of ids) {
    const kinds = (list: typeof spans) => list.filter((s) => s.spanContext().traceId === id).length;
    expect([kinds(clientSpans), kinds(handlerSpans) > 0, kinds(sandbox) > 0]).toEqual([2, true, true]);
  }
  // The sandbox's spans: the journey's calls, the bank step, events created, each delivery attempt.
  expectSpanNames(sandbox, [
    'POST /journey-api/{vendor}/{ref}/institution',
    'POST /bank/{id}/decision',
    'POST /api/v1/{vendor}/{ref}/finalise',
    'create consent.authorised',
    'create crawl.completed',
    'create application.report_ready',
    'send crawl.completed',
  ]);

  const forbidden = new Set<string>([secret, 'Alex Citizen', 'alex@example.com', hookUrl]);
  for (const j of journeys) forbidden.add(j.ref).add(j.applicationId);
  for (const s of sent) {
    for (const [k, v] of s.headers)
      if (!['content-type', 'accept', 'traceparent', 'tracestate'].includes(k)) forbidden.add(v);
    if (s.body) forbidden.add(s.body);
  }
  for (const r of received) {
    for (const k of ['authorization', 'date', 'content-md5']) forbidden.add(String(r.headers[k]));
    forbidden.add(r.body);
  }
  const recorded = recordedStrings(spans, await otel.metrics());
  expect(leaks(recorded, [...forbidden])).toEqual([]);
  console.log(
    `one-trace: ${N} journeys in ${took} ms: ${clientSpans.length} client, ${sandbox.length} sandbox and ` +
      `${handlerSpans.length} handler spans, ${received.length} deliveries`,
  );
}, 120_000);

it('an invalid traceparent from a client call or from the journey is ignored: the application keeps a trace of its own', async () => {
  const otel = inMemoryOtel();
  const sb = await startTestSandbox({ telemetry: { tracerProvider: otel.tracerProvider } });
  closers.push(() => sb.close());
  const { tokenId, secret } = sb.token;
  const hooks: IncomingHttpHeaders[] = [];
  const app = createServer((req, res) => {
    hooks.push(req.headers);
    req.resume();
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => app.close(() => r())));
  const client = createClient({ baseUrl: sb.url, tokenId, signingSecret: secret, telemetry: otel.telemetry });
  await client.registerWebhook({ url: `http://127.0.0.1:${(app.address() as AddressInfo).port}/hooks` });
  const bad = {
    malformed: 'not-a-traceparent',
    version: `ff-${'a'.repeat(32)}-${'b'.repeat(16)}-01`,
    zero_id: `00-${'0'.repeat(32)}-${'b'.repeat(16)}-01`,
    oversize: `01-${'a'.repeat(32)}-${'b'.repeat(16)}-01-${'x'.repeat(300)}`,
  };
  for (const [i, value] of Object.values(bad).entries()) {
    const ref = `cust_badtrace_${i}`;
    await client.startApplication({
      vendor: 'acme',
      ref,
      full_name: 'Alex Citizen',
      email: 'alex@example.com',
      traceparent: value,
    });
    // The journey's own calls carry the same bad value (a raw header: the kit refuses it as an option).
    const r = await fetch(`${sb.url}/i/acme/${ref}`, { headers: { traceparent: value } });
    expect(r.status).toBe(200);
    await triggerJourney(sb, { vendor: 'acme', ref, pathway: 'crawler' });
  }
  await sb.webhooksIdle();
  expect(hooks.length).toBeGreaterThan(0);
  for (const h of hooks) {
    const p = parseTraceparent(h.traceparent);
    expect(p.ok).toBe(true);
    for (const value of Object.values(bad)) expect(value).not.toContain(p.ok ? p.context.traceId : '-');
  }
  const counted = (await otel.metrics()).filter((p) => p.name === 'hosted_journey.trace_context.ignored');
  expect(
    Object.fromEntries(counted.map((p) => [p.attributes['hosted_journey.trace_context.problem'], p.value])),
  ).toEqual({
    malformed: 1,
    version: 1,
    zero_id: 1,
    oversize: 1,
  });
}, 60_000);
