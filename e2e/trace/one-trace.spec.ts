/**
 * One trace from the customer's click to the integrator's webhook handler, in Chromium against the real sandbox, with
 * a real OpenTelemetry SDK and in-memory exporters in this process. The integrator's page (localhost) mounts the
 * built IIFE and keeps every widget payload; its onComplete hands the session's traceparent to the integrator's own
 * server, which makes its signed calls (finalise, listConsents) in it — through the client's `traceparent` option,
 * read from the request's AsyncLocalStorage. Two journeys, one by popup and one by the redirect round trip: in each,
 * every widget payload's traceId, the client spans, the sandbox's spans (journey API, bank pages, events, deliveries)
 * and the handler's `process <type>` spans (and their links) carry one trace id, the other journey another, and
 * nothing is recorded outside the two. Then every span name, attribute and metric label, and every widget payload,
 * is scanned for secrets and personal data. Needs dist/ (`node scripts/build.mjs`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createClient, createWebhookHandler, toNodeHandler, type WebhookEvent } from '../../src/server/index.js';
import { inMemoryOtel, leaks, recordedStrings } from '../../test/support/otel.js';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { journeyFrame, toBankButton } from '../roundtrip/setup.js';
import { scriptTagRoutes } from '../support/script-files.js';
import type { StaticRoute } from '../support/static-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DONE = 'You’re all done';

const otel = inMemoryOtel();
let sb: TestSandbox;
const servers: Server[] = [];
let integratorUrl = '';
let hookUrl = '';
/** Every event the handler processed, by application id. */
const processed = new Map<string, WebhookEvent[]>();
/** Every delivery's body as it arrived, and what the integrator's server was sent. */
const bodies: string[] = [];
let registered = 0;

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((r) => server.listen(0, host, r));
  servers.push(server);
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

test.beforeAll(async () => {
  sb = await startTestSandbox({ telemetry: { tracerProvider: otel.tracerProvider } });
  const { tokenId, secret } = sb.token;

  const handler = toNodeHandler(
    createWebhookHandler({
      verify: { keys: [{ tokenId, secret }] },
      telemetry: otel.telemetry,
      on: {
        '*': (event) => {
          const id = event.application_id ?? '';
          processed.set(id, [...(processed.get(id) ?? []), event]);
        },
      },
    }),
  );
  hookUrl = `${await listen(
    createServer((req, res) => {
      req.on('data', (c: Buffer) => bodies.push(c.toString('utf8')));
      void handler(req, res);
    }),
    '127.0.0.1',
  )}/webhooks`;

  // The integrator's server: its client sends the traceparent of the request it is handling.
  const requestTrace = new AsyncLocalStorage<{ traceparent?: string }>();
  const client = createClient({
    baseUrl: sb.url,
    tokenId,
    signingSecret: secret,
    telemetry: otel.telemetry,
    traceparent: () => requestTrace.getStore()?.traceparent,
  });
  await client.registerWebhook({ url: hookUrl });
  registered = otel.spans().length;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head>
<body data-journey="${sb.url}"><h1>Apply for a loan</h1><div id="journey"></div>
<script src="/hosted-journey.iife.js"></script><script src="/integrator.js"></script></body></html>`;
  const files: Record<string, StaticRoute> = {
    ...(scriptTagRoutes() as Record<string, StaticRoute>),
    '/apply': { body: page, type: 'text/html; charset=utf-8' },
    '/integrator.js': { body: readFileSync(path.join(here, 'integrator.js')), type: 'text/javascript' },
  };
  integratorUrl = await listen(
    createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/complete') {
        const { ref, traceparent } = JSON.parse(await readBody(req)) as { ref: string; traceparent: string };
        const answer = await requestTrace.run({ traceparent }, async () => {
          const finalised = await client.finalise({ vendor: 'acme', ref });
          const consents = await client.listConsents({ vendor: 'acme', ref });
          return { status: finalised.status, consents: consents.consents.length };
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
      const file = files[url.pathname];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.type ?? 'text/javascript; charset=utf-8' }).end(file.body);
    }),
    'localhost',
  );
});

test.afterAll(async () => {
  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
  await sb?.close();
});

type Recorded = [string, Record<string, unknown>][];
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __events(): Recorded }).__events());

/** A whole journey in the page: details, bank, the bank's approval by popup or redirect, done, the server's calls. */
async function journey(page: Page, ref: string, strategy: 'popup' | 'redirect'): Promise<Recorded> {
  await page.goto(`${integratorUrl}/apply?ref=${ref}&strategy=${strategy}`);
  await toBankButton(page);
  const toBank = journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' });
  if (strategy === 'popup') {
    const [popup] = await Promise.all([page.waitForEvent('popup'), toBank.click()]);
    await popup.getByRole('button', { name: 'Approve' }).click();
  } else {
    await toBank.click();
    await page.getByRole('button', { name: 'Approve' }).click();
  }
  await expect(journeyFrame(page).getByRole('heading', { name: DONE })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await recorded(page)).some(([k]) => k === 'server'), { timeout: 30_000 }).toBe(true);
  const events = await recorded(page);
  expect(events.find(([k]) => k === 'server')?.[1]).toEqual({ status: expect.any(String), consents: 1 });
  const applicationId = events.find(([k]) => k === 'completed')?.[1].applicationId as string;
  await expect
    .poll(() => processed.get(applicationId)?.some((e) => e.type === 'application.report_ready'), { timeout: 30_000 })
    .toBe(true);
  return events;
}

test('two journeys in Chromium: widget events, client, sandbox and handler spans each share one trace id, and the two differ', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const runs = [
    { ref: 'trace_popup', strategy: 'popup' as const },
    { ref: 'trace_redirect', strategy: 'redirect' as const },
  ].map((r) => ({ ...r, events: [] as Recorded, traceId: '', applicationId: '' }));
  for (const run of runs) {
    run.events = await journey(page, run.ref, run.strategy);
    const widget = run.events.filter(([k]) => k !== 'server').map(([, p]) => p);
    run.traceId = widget[0]?.traceId as string;
    run.applicationId = widget.find((p) => typeof p.applicationId === 'string')?.applicationId as string;
    expect(run.traceId).toMatch(/^[0-9a-f]{32}$/);
    // Every widget payload of the journey, before the bank and (redirect) after the resume, is in its trace.
    expect(new Set(widget.map((p) => p.traceId))).toEqual(new Set([run.traceId]));
    expect(widget.map((p) => p.traceparent)).toEqual(widget.map(() => expect.stringContaining(run.traceId)));
  }
  await sb.webhooksIdle();
  const [popup, redirect] = runs as [(typeof runs)[0], (typeof runs)[0]];
  expect(popup.traceId).not.toBe(redirect.traceId);

  const spans = otel.spans().slice(registered);
  const traceIds = new Set(runs.map((r) => r.traceId));
  // Nothing recorded outside the two journeys' traces.
  for (const s of spans) expect(traceIds.has(s.spanContext().traceId), s.name).toBe(true);
  const scope = (name: string) => spans.filter((s) => s.instrumentationScope.name === name);
  const client = scope('hosted-journey-server').filter((s) => s.kind === 2);
  const handler = scope('hosted-journey-server').filter((s) => s.name.startsWith('process '));
  const sandbox = scope('hosted-journey-sandbox');
  const appOfEvent = new Map([...processed.values()].flat().map((e) => [e.event_id, e.application_id ?? ''] as const));
  for (const run of runs) {
    const inTrace = <T extends { spanContext(): { traceId: string } }>(list: T[]) =>
      list.filter((s) => s.spanContext().traceId === run.traceId);
    const traceparent = run.events.find(([k]) => k === 'completed')?.[1].traceparent as string;
    // The server's two signed calls: children of the context the page handed over.
    expect(
      inTrace(client)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['GET /api/v1/{vendor}/{ref}/consents', 'POST /api/v1/{vendor}/{ref}/finalise']);
    for (const s of inTrace(client)) expect(s.parentSpanContext?.spanId).toBe(traceparent.slice(36, 52));
    // The sandbox's: the journey's calls, the bank step, each event created and each delivery.
    const names = new Set(inTrace(sandbox).map((s) => s.name));
    for (const n of [
      'POST /journey-api/{vendor}/{ref}/consent',
      'POST /bank/{id}/decision',
      'POST /api/v1/{vendor}/{ref}/finalise',
      'create consent.authorised',
      'send consent.authorised',
      'create application.report_ready',
      'send application.report_ready',
    ])
      expect(names, `${run.strategy}: ${n}`).toContain(n);
    // The handler's: every delivery of this application's events, each in the trace and linked to the delivery.
    const mine = handler.filter(
      (s) => appOfEvent.get(String(s.attributes['messaging.message.id'])) === run.applicationId,
    );
    expect(mine.map((s) => s.name)).toEqual(
      expect.arrayContaining(['process consent.authorised', 'process application.report_ready']),
    );
    for (const s of mine) {
      expect(s.spanContext().traceId).toBe(run.traceId);
      expect(s.links.map((l) => l.context.traceId)).toEqual([run.traceId]);
    }
  }
  // The redirect journey's bank-return page made its call in the journey's trace too.
  expect(
    sandbox
      .filter((s) => s.name === 'GET /journey-api/{vendor}/{ref}/consents/{id}')
      .map((s) => s.spanContext().traceId),
  ).toContain(redirect.traceId);

  console.log(
    `one trace in Chromium: ${runs.map((r) => `${r.strategy} ${r.traceId.slice(0, 8)}…: ${r.events.length - 1} widget payloads`).join(', ')}; ` +
      `${client.length} client, ${sandbox.length} sandbox and ${handler.length} handler spans`,
  );
  const { secret } = sb.token;
  const forbidden = [secret, 'Alex Citizen', 'alex@example.com', hookUrl, ...bodies];
  for (const run of runs) forbidden.push(run.ref, run.applicationId);
  expect(leaks(recordedStrings(spans, await otel.metrics()), forbidden)).toEqual([]);
  // The widget's payloads carry ids, never the secret or the customer's details.
  const payloads = runs.flatMap((r) => r.events.map(([, p]) => JSON.stringify(p)));
  expect(leaks(payloads, [secret, 'Alex Citizen', 'alex@example.com', hookUrl])).toEqual([]);
});
