// A client generated from the OpenAPI document by npm tools, not ours: openapi-typescript makes the types, openapi-fetch
// makes every call, one signing middleware (hosted-journey-server's `signRequest`) signs each. The calls type-check
// with no cast and no ts-comment (the signed headers are the security scheme's, not parameters; finalise and a
// revocation need no body), then run against the sandbox: every operation of the operation table answers 2xx.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import createFetchClient from 'openapi-fetch';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_OPERATIONS, BUNDLE_CONTENT_TYPES, type ApiOperation } from '../../src/protocol/operations.js';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { startTestSandbox, triggerJourney, type TestSandbox } from '../../src/sandbox/testing/index.js';
import { signRequest } from '../../src/server/index.js';
import { ENQUIRY } from '../support/credit.js';
import { typeCheckAgainst } from '../support/openapi-types.js';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'hj-openapi-fetch-'));
let sandbox: TestSandbox;
let receiver: { url: string; server: Server };
beforeAll(async () => {
  sandbox = await startTestSandbox();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
});
afterAll(async () => {
  await sandbox?.close();
  receiver?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

const CALLS = `import type createClient from 'openapi-fetch';
import type { Middleware } from 'openapi-fetch';
import type { paths } from './api.js';

export interface Kit {
  baseUrl: string;
  sign(o: { method: string; path: string; body: string; tokenId: string; secret: string }): Promise<Record<string, string>>;
  token: { id: string; secret: string };
  receiver: string;
  journey(vendor: string, ref: string): Promise<void>;
  waitFor(type: string, applicationId: string): Promise<void>;
}

/** The answer's data, or an error naming the call and what the service said. */
function ok<T>(what: string, r: { data?: T; error?: unknown; response: Response }): T {
  if (r.data === undefined) throw new Error(\`\${what}: \${r.response.status} \${JSON.stringify(r.error)}\`);
  return r.data;
}

/** Every call, signed by one middleware: the status of each ("METHOD template"), the bundle's content types. */
export async function run(
  make: typeof createClient,
  kit: Kit,
): Promise<{ statuses: Record<string, number>; bundleTypes: string[] }> {
  const statuses: Record<string, number> = {};
  const signing: Middleware = {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = request.body ? await request.clone().text() : '';
      const signed = await kit.sign({
        method: request.method,
        path: url.pathname + url.search,
        body,
        tokenId: kit.token.id,
        secret: kit.token.secret,
      });
      for (const [name, value] of Object.entries(signed)) request.headers.set(name, value);
      return request;
    },
    onResponse({ request, schemaPath, response }) {
      statuses[\`\${request.method} \${schemaPath}\`] = response.status;
    },
  };
  const api = make<paths>({ baseUrl: kit.baseUrl });
  api.use(signing);

  const hook = ok('registerWebhook', await api.POST('/api/v1/webhooks', { body: { url: kit.receiver } }));
  ok('listWebhooks', await api.GET('/api/v1/webhooks'));
  const vendor = 'acme';
  const ref = \`fetch_\${Date.now()}\`;
  const path = { vendor, ref };
  const app = ok(
    'startApplication',
    await api.POST('/api/v1/{vendor}/{ref}/profile', {
      params: { path },
      body: { full_name: 'Alex Citizen', email: 'alex@example.com' },
    }),
  );
  await kit.journey(vendor, ref);
  await kit.waitFor('crawl.completed', app.application_id);
  ok('finalise', await api.POST('/api/v1/{vendor}/{ref}/finalise', { params: { path } }));
  await kit.waitFor('application.report_ready', app.application_id);
  const types: string[] = [];
  for (const format of ['pdf', 'csv', 'json'] as const) {
    const r = await api.GET('/api/v1/applications/{id}/bundle', {
      params: { path: { id: app.application_id }, query: { format } },
      parseAs: 'arrayBuffer',
    });
    ok('downloadBundle', r);
    types.push(r.response.headers.get('content-type') ?? '');
  }
  const { consents } = ok('listConsents', await api.GET('/api/v1/{vendor}/{ref}/consents', { params: { path } }));
  const [first] = consents;
  if (!first) throw new Error('listConsents: no consent after the journey');
  ok('getInstitution', await api.GET('/api/v1/institutions/{id}', { params: { path: { id: first.institution_id } } }));
  const sessions = ok('listJourneySessions', await api.GET('/api/v1/journey-sessions', { params: { query: { ref } } }));
  const [session] = sessions.data;
  if (!session) throw new Error('listJourneySessions: no session after the journey');
  ok('getJourneySession', await api.GET('/api/v1/journey-sessions/{id}', {
    params: { path: { id: session.session_id } },
  }));
  ok('advanceClock', await api.POST('/sandbox/v1/clock', { body: { advance: '1d' } }));
  const consent = { ...path, consent_id: first.consent_id };
  ok('revokeConsent', await api.POST('/api/v1/{vendor}/{ref}/consents/{consent_id}/revoke', { params: { path: consent } }));

  const other = { vendor, ref: \`\${ref}_b\` };
  ok('startApplication', await api.POST('/api/v1/{vendor}/{ref}/profile', { params: { path: other }, body: {} }));
  ok(
    'attachInstitution',
    await api.POST('/api/v1/{vendor}/{ref}/profile', {
      params: { path: other },
      body: { bank_id: 'sandbox-bank', pathway: 'cdr' },
    }),
  );
  ok(
    'createConsent',
    await api.POST('/api/v1/{vendor}/{ref}/consents', {
      params: { path: other },
      body: { redirect_uri: 'http://localhost:3000/back', state: 's' },
    }),
  );
  ok('startApplication', await api.POST('/api/v1/{vendor}/{ref}/profile', {
    params: { path: { vendor, ref: \`\${ref}_c\` } },
  }));
  await kit.journey(vendor, \`\${ref}_c\`);
  const third = ok('listConsents', await api.GET('/api/v1/{vendor}/{ref}/consents', {
    params: { path: { vendor, ref: \`\${ref}_c\` } },
  }));
  const [live] = third.consents;
  if (!live) throw new Error('listConsents: no consent after the second journey');
  ok('expireConsent', await api.POST('/sandbox/v1/consents/{consent_id}/expire', {
    params: { path: { consent_id: live.consent_id } },
  }));

  const { enquiry_id } = ok(
    'lodgeEnquiry',
    await api.POST('/enquiry/lodge', { body: ${JSON.stringify(ENQUIRY)} }),
  );
  const report = ok('getReport', await api.POST('/enquiry/getreport', { body: { enquiry_id } }));
  ok(
    'downloadReport',
    await api.GET('/enquiry/downloadreport', { params: { query: { enquiry_id } }, parseAs: 'arrayBuffer' }),
  );
  const opened = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
  const { account_id } = ok(
    'createAccount',
    await api.POST('/account/create', {
      body: { enquiry_id: report.enquiry_id, account_type: 'personal_loan', credit_limit: '5000.00', opened_on: opened },
    }),
  );
  ok('savePayment', await api.POST('/payment/save', { body: { account_id, month: opened.slice(0, 7), status: '0' } }));
  ok('updateAccount', await api.POST('/account/update', { body: { account_id, credit_limit: '6000.00' } }));
  const { default_id } = ok(
    'registerDefault',
    await api.POST('/default/register', { body: { account_id, amount: '420.00', days_overdue: 75 } }),
  );
  ok('updateDefault', await api.POST('/default/update', { body: { default_id, status: 'paid' } }));

  const { deliveries } = ok('listSandboxDeliveries', await api.GET('/sandbox/v1/deliveries', { params: { query: { limit: 5 } } }));
  const [delivery] = deliveries;
  if (!delivery) throw new Error('listDeliveries: none');
  ok('resendDelivery', await api.POST('/sandbox/v1/deliveries/{event_id}/resend', {
    params: { path: { event_id: delivery.event_id } },
  }));
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const events = ok('listEvents', await api.GET('/api/v1/events', { params: { query: { since, limit: 5 } } }));
  const [listed] = events.data;
  if (!listed) throw new Error('listEvents: none');
  ok('resendEvent', await api.POST('/api/v1/events/{event_id}/resend', {
    params: { path: { event_id: listed.event_id } },
    body: {},
  }));
  ok('recoverWebhook', await api.POST('/api/v1/webhooks/{id}/recover', {
    params: { path: { id: hook.webhook_id } },
    body: { since },
  }));
  ok('listDeliveries', await api.GET('/api/v1/webhooks/{id}/deliveries', {
    params: { path: { id: hook.webhook_id }, query: { limit: 5 } },
  }));
  ok('deleteWebhook', await api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: hook.webhook_id } } }));
  return { statuses, bundleTypes: types };
}
`;

it('every operation, called through openapi-fetch with types from openapi-typescript and no cast, answers 2xx', {
  timeout: 120_000,
}, async () => {
  expect(CALLS).not.toMatch(/\bas (?!const\b)|@ts-|<any>|: any\b|!\./);
  const fetchTypes = path.join(root, 'node_modules/openapi-fetch/dist/index.d.mts');
  const problems = await typeCheckAgainst(openApiDocument({ serverUrl: sandbox.url }), dir, CALLS, {
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    paths: { 'openapi-fetch': [fetchTypes] },
  });
  expect(problems).toEqual([]);

  // The same source, run: its imports are types only, so the transpiled module needs nothing resolved.
  const js = ts.transpileModule(CALLS, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  writeFileSync(path.join(dir, 'calls.mjs'), js);
  const { run } = (await import(pathToFileURL(path.join(dir, 'calls.mjs')).href)) as {
    run: (
      make: typeof createFetchClient,
      kit: unknown,
    ) => Promise<{ statuses: Record<string, number>; bundleTypes: string[] }>;
  };
  const { statuses, bundleTypes } = await run(createFetchClient, {
    baseUrl: sandbox.url,
    sign: signRequest,
    token: sandbox.token,
    receiver: `${receiver.url}/webhooks`,
    journey: (vendor: string, ref: string) => triggerJourney(sandbox, { vendor, ref }).then(() => undefined),
    waitFor: (type: string, applicationId: string) =>
      sandbox.waitForWebhook({ type: type as 'crawl.completed', applicationId }).then(() => undefined),
  });
  for (const [name, { method, path: p }] of Object.entries(API_OPERATIONS) as Array<[string, ApiOperation]>) {
    const status = statuses[`${method} ${p}`];
    expect([name, status !== undefined && status >= 200 && status < 300], `${name}: ${status}`).toEqual([name, true]);
  }
  // The downloads' content types are the table's, as the sandbox sends them.
  expect(bundleTypes).toEqual(Object.values(BUNDLE_CONTENT_TYPES));
});
