// The OpenAPI document describes what the sandbox really answers: both quick starts run through the signed client
// (the open-banking one with triggerJourney in place of the browser), then every endpoint is called wrongly (unsigned,
// a bad body, an unknown id, out of order). Each answer is matched to its operation and validated by openapi-backend
// (an npm validator, not ours): its status must be declared, a JSON body must match the declared schema, a download's
// media type must be declared, an error's code must be one of the operation's (`x-error-codes`, the operation table's). Every operation must have been seen to succeed and to fail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import { API_OPERATIONS, fillPath } from '../../src/protocol/index.js';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { startTestSandbox, triggerJourney, type TestSandbox } from '../../src/sandbox/testing/index.js';
import { createClient, signRequest, type HostedJourneyClient } from '../../src/server/index.js';
import { ENQUIRY } from '../support/credit.js';

interface Answer {
  method: string;
  url: URL;
  status: number;
  type: string;
  body: Buffer;
}

const answers: Answer[] = [];
const recording: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = Buffer.from(await res.clone().arrayBuffer());
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  answers.push({ method, url, status: res.status, type: res.headers.get('content-type') ?? '', body });
  return res;
};

let sandbox: TestSandbox;
let receiver: Server;
let client: HostedJourneyClient;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { token } = sandbox;
  client = createClient({ baseUrl: sandbox.url, tokenId: token.id, signingSecret: token.secret, fetch: recording });
});
afterAll(async () => {
  await sandbox?.close();
  receiver?.close();
});

/** A signed call the client would refuse to make (a bad body, an unknown id): the sandbox's own refusal is wanted. */
async function signed(method: string, path: string, body?: string): Promise<number> {
  const raw = body ?? '';
  const headers = await signRequest({
    method,
    path,
    body: raw,
    tokenId: sandbox.token.id,
    secret: sandbox.token.secret,
  });
  const res = await recording(sandbox.url + path, { method, headers, ...(method === 'GET' ? {} : { body: raw }) });
  return res.status;
}

async function openBankingQuickStart(): Promise<void> {
  const { port } = receiver.address() as AddressInfo;
  const { webhook_id } = await client.registerWebhook({ url: `http://127.0.0.1:${port}/webhooks` });
  const ref = `cust_${Date.now()}`;
  const app = await client.startApplication({
    vendor: 'acme',
    ref,
    full_name: 'Alex Citizen',
    email: 'alex@example.com',
  });
  expect(await signed('POST', `/api/v1/acme/${ref}/finalise`, '{}')).toBe(409); // before the data is retrieved
  expect(await signed('GET', `/api/v1/applications/${app.application_id}/bundle?format=pdf`)).toBe(409);
  await triggerJourney(sandbox, { vendor: 'acme', ref });
  await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId: app.application_id });
  await client.finalise({ vendor: 'acme', ref });
  await sandbox.waitForWebhook({ type: 'application.report_ready', applicationId: app.application_id });
  // The journey's session as the service recorded it, listed and read back.
  const journeySessions: string[] = [];
  for await (const s of client.listJourneySessions({ vendor: 'acme', ref })) journeySessions.push(s.session_id);
  expect(journeySessions).toHaveLength(1);
  await client.getJourneySession({ id: journeySessions[0]! });
  expect(await signed('GET', '/api/v1/journey-sessions?limit=0')).toBe(422);
  for (const format of ['pdf', 'csv', 'json'] as const) await client.downloadBundle({ id: app.application_id, format });
  await client.listWebhooks();
  await client.deleteWebhook(webhook_id);
  // The connection's year: read the consent the journey authorised, renew it, revoke it; a data pull is then refused.
  const { consents } = await client.listConsents({ vendor: 'acme', ref });
  const consent_id = consents[0]!.consent_id;
  await client.renewConsent({ vendor: 'acme', ref, renews: consent_id });
  await client.revokeConsent({ vendor: 'acme', ref, consent_id });
  expect(await signed('POST', `/api/v1/acme/${ref}/finalise`, '{}')).toBe(409);
  // The bank's display name and logo, for the message to the customer.
  await client.getInstitution({ id: consents[0]!.institution_id });
  // Without the widget: the server picks the bank and sends the customer to its consent page.
  const other = `${ref}_b`;
  await client.attachInstitution({ vendor: 'acme', ref: other, bank_id: 'sandbox-bank', pathway: 'cdr' });
  await client.createConsent({ vendor: 'acme', ref: other, redirect_uri: 'http://localhost:3000/back', state: 's' });
}

/**
 * The sandbox-only calls the testing kit makes, through the recording fetch: expire a journey's consent (then again,
 * refused), move the clock, list the deliveries and resend one; each also refused (a bad duration, limit or id).
 */
async function sandboxOnlyCalls(): Promise<void> {
  const { advanceClock, expireConsent, listSandboxDeliveries: listDeliveries, resendDelivery } = API_OPERATIONS;
  const ref = `cust_${Date.now()}_kit`;
  await client.startApplication({ vendor: 'acme', ref, full_name: 'Alex Citizen', email: 'alex@example.com' });
  await triggerJourney(sandbox, { vendor: 'acme', ref });
  const { consents } = await client.listConsents({ vendor: 'acme', ref });
  const expire = fillPath(expireConsent.path, { consent_id: consents[0]!.consent_id });
  expect(await signed('POST', expire, '{}')).toBe(200);
  expect(await signed('POST', expire, '{}')).toBe(409); // only a live consent expires
  expect(await signed('POST', advanceClock.path, JSON.stringify({ advance: '1d' }))).toBe(200);
  expect(await signed('POST', advanceClock.path, JSON.stringify({ advance: 'soon' }))).toBe(422);
  expect(await signed('GET', `${listDeliveries.path}?limit=0`)).toBe(422);
  expect(await signed('GET', `${listDeliveries.path}?limit=5`)).toBe(200);
  const listed = JSON.parse(answers.at(-1)!.body.toString('utf8')) as { deliveries: Array<{ event_id: string }> };
  const eventId = listed.deliveries.at(-1)!.event_id;
  expect(await signed('POST', fillPath(resendDelivery.path, { event_id: eventId }), '{}')).toBe(200);
  expect(await signed('POST', fillPath(resendDelivery.path, { event_id: 'evt_nope' }), '{}')).toBe(404);
  // The events list, recovery, resend and a receiver's delivery log [ours]: answered, and refused.
  const since = new Date(Date.now() - 60_000).toISOString();
  const events = [];
  for await (const e of client.listEvents({ since, limit: 2 })) events.push(e);
  expect(await signed('GET', '/api/v1/events?since=2000-01-01T00:00:00Z')).toBe(410);
  const { port } = receiver.address() as AddressInfo;
  const { webhook_id: id } = await client.registerWebhook({ url: `http://127.0.0.1:${port}/webhooks` });
  for await (const _ of client.listDeliveries({ id, limit: 2 }));
  expect(await signed('GET', '/api/v1/webhooks/wh_nope/deliveries')).toBe(404);
  await client.recoverWebhook({ id, since });
  await client.resendEvent({ event_id: events[0]!.event_id });
}

async function creditQuickStart(): Promise<void> {
  const { enquiry_id } = await client.lodgeEnquiry(ENQUIRY);
  await client.getReport({ enquiry_id });
  await client.downloadReport({ enquiry_id });
  const opened = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
  const { account_id } = await client.createAccount({
    enquiry_id,
    account_type: 'personal_loan',
    credit_limit: '5000.00',
    opened_on: opened,
  });
  await client.savePayment({ account_id, month: opened.slice(0, 7), status: 'C' });
  await client.updateAccount({ account_id, credit_limit: '6000.00' });
  const { default_id } = await client.registerDefault({ account_id, amount: '420.00', days_overdue: 75 });
  await client.updateDefault({ default_id, status: 'paid' });
  await client.closeAccount({ account_id });
  expect(
    await signed('POST', '/payment/save', JSON.stringify({ account_id, month: opened.slice(0, 7), status: 'C' })),
  ).toBe(409);
  expect(await signed('POST', '/default/update', JSON.stringify({ default_id, status: 'closed' }))).toBe(409);
}

/** Every endpoint refused: unsigned (401), a body that breaks its schema (422) or is not JSON (400), an unknown id. */
async function refusals(paths: Record<string, Record<string, Operation>>): Promise<void> {
  for (const [template, ops] of Object.entries(paths))
    for (const method of Object.keys(ops)) {
      const p = template.replace(/\{(\w+)\}/g, 'nope_1');
      const res = await recording(sandbox.url + p, { method: method.toUpperCase() });
      // An operation no client method calls yet may have no route in the sandbox either (405 or 404, not 401).
      const op = ops[method] as { 'x-client-methods'?: string[]; 'x-sandbox-only'?: true; requestBody?: unknown };
      const implemented = op['x-client-methods'] !== undefined || op['x-sandbox-only'] === true;
      if (implemented) expect(res.status, `unsigned ${method} ${p}`).toBe(401);
      if (implemented && method === 'post' && (op['x-client-methods'] || op.requestBody)) {
        expect(await signed('POST', p, '{"bogus":1}'), p).toBe(422);
        expect(await signed('POST', p, 'not json'), p).toBe(400);
      }
    }
  expect(await signed('GET', '/api/v1/applications/app_nope/bundle?format=pdf')).toBe(404);
  expect(await signed('GET', '/api/v1/applications/app_nope/bundle?format=xml')).toBe(422);
  expect(await signed('GET', '/enquiry/downloadreport?enquiry_id=enq_nope')).toBe(404);
  expect(await signed('DELETE', '/api/v1/webhooks/wh_nope')).toBe(404);
  expect(await signed('GET', '/api/v1/webhooks', 'x')).toBe(401); // a body the Content-MD5 does not cover
}

it('every answer of both quick starts and of every refused call matches the document', {
  timeout: 60_000,
}, async () => {
  const doc = openApiDocument({ serverUrl: sandbox.url });
  // From a file, as a tool reads it: openapi-backend then resolves every $ref itself. `quick` skips its own check of
  // the document, which knows OpenAPI 3.0 only (Redocly lints it as 3.1: scripts/openapi-lint.mjs).
  const dir = mkdtempSync(path.join(tmpdir(), 'hj-openapi-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
  const oas = new OpenAPIBackend({ definition: path.join(dir, 'openapi.json'), quick: true, strict: true });
  await oas.init();
  await openBankingQuickStart();
  await creditQuickStart();
  await sandboxOnlyCalls();
  await refusals(doc.paths as Record<string, Record<string, Operation>>);

  const seen = new Map<string, Set<string>>(); // operationId → '2', '4'
  const problems: string[] = [];
  for (const a of answers) {
    const what = `${a.method} ${a.url.pathname}${a.url.search} → ${a.status}`;
    const op = oas.matchOperation({
      method: a.method,
      path: a.url.pathname,
      query: Object.fromEntries(a.url.searchParams),
      headers: {},
    });
    if (!op) {
      problems.push(`${what}: no operation`);
      continue;
    }
    seen.set(op.operationId!, (seen.get(op.operationId!) ?? new Set()).add(String(a.status)[0]!));
    const declared = op.responses?.[String(a.status)] ?? op.responses?.[`${String(a.status)[0]}XX`];
    if (!declared) {
      problems.push(`${what}: status not declared`);
      continue;
    }
    const media = a.type.split(';')[0]!.trim();
    if (!(declared as { content?: Record<string, unknown> }).content?.[media])
      problems.push(`${what}: ${media} not declared`);
    if (media !== 'application/json') continue;
    const body = JSON.parse(a.body.toString('utf8')) as { error?: { code?: string } };
    const result = oas.validateResponse(body, op, a.status);
    if (!result.valid) problems.push(`${what}: ${JSON.stringify(result.errors)}`);
    const codes = (op as { 'x-error-codes'?: string[] })['x-error-codes'] ?? [];
    if (a.status >= 400 && !codes.includes(body.error?.code ?? ''))
      problems.push(`${what}: ${body.error?.code} is not among the operation's codes`);
  }
  expect(problems).toEqual([]);
  // Every operation a client method calls must be seen succeeding and failing; one no method calls yet, failing. A
  // method added to the operation table needs a call above.
  type Op = { operationId: string; 'x-client-methods'?: string[]; 'x-sandbox-only'?: true };
  const operations = Object.values(doc.paths as Record<string, Record<string, Op>>).flatMap((ops) =>
    Object.values(ops),
  );
  for (const { operationId: id, 'x-client-methods': methods, 'x-sandbox-only': sandboxOnly } of operations) {
    const called = methods !== undefined || sandboxOnly === true;
    expect([id, [...(seen.get(id) ?? [])].sort()], 'seen 2xx, 4xx').toEqual([id, called ? ['2', '4'] : ['4']]);
  }
  expect(answers.length).toBeGreaterThan(60);
});
