// Types generated from the OpenAPI document by openapi-typescript (an npm generator, not ours) type-check against the
// calls both quick starts make (docs/quick-start.md): each request body and query as written there, and each field
// of the answers it reads. A wrong call (a misspelt field, a repayment code outside the table) must not compile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { ENQUIRY } from '../support/credit.js';
import { typeCheckAgainst } from '../support/openapi-types.js';

const dir = mkdtempSync(path.join(tmpdir(), 'hj-openapi-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CALLS = `import type { paths } from './api.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
// A body none of whose fields is required is optional (\`requestBody?\`): its type is the same.
type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: infer R } } ? Json<NonNullable<R>> : never;
type Ok<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends { responses: { '2XX': infer R } }
  ? Json<R>
  : never;
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query: infer Q } } } ? Q : never;
type PathOf<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends { parameters: { path: infer A } }
  ? A
  : never;

// quick-start.ts
const registration: Body<'/api/v1/webhooks'> = { url: 'http://localhost:3000/webhooks' };
const start: Body<'/api/v1/{vendor}/{ref}/profile'> = { full_name: 'Alex Citizen', email: 'alex@example.com' };
const vendorRef: PathOf<'/api/v1/{vendor}/{ref}/profile', 'post'> = { vendor: 'acme', ref: 'cust_1' };
declare const app: Ok<'/api/v1/{vendor}/{ref}/profile', 'post'>;
const journeyUrl: string = app.journey_url;
const applicationId: string = app.application_id;
declare const registered: Ok<'/api/v1/webhooks', 'post'>;
const webhookId: string = registered.webhook_id;
const finalise: Body<'/api/v1/{vendor}/{ref}/finalise'> = {};
const bundle: Query<'/api/v1/applications/{id}/bundle'> = { format: 'pdf' };
const bundleId: PathOf<'/api/v1/applications/{id}/bundle', 'get'> = { id: applicationId };
const attach: Body<'/api/v1/{vendor}/{ref}/profile'> = { bank_id: 'sandbox-bank', pathway: 'cdr' };
const consent: Body<'/api/v1/{vendor}/{ref}/consents'> = { redirect_uri: 'https://app.example/back', state: 's' };

// credit.ts
const lodge: Body<'/enquiry/lodge'> = ${JSON.stringify(ENQUIRY)};
declare const lodged: Ok<'/enquiry/lodge', 'post'>;
const enquiry_id: string = lodged.enquiry_id;
const getReport: Body<'/enquiry/getreport'> = { enquiry_id };
declare const report: Ok<'/enquiry/getreport', 'post'>;
const summary = \`score \${report.score}: \${report.accounts.length} accounts, \${report.defaults.length} defaults\`;
const download: Query<'/enquiry/downloadreport'> = { enquiry_id };
const account: Body<'/account/create'> = {
  enquiry_id,
  account_type: 'personal_loan',
  credit_limit: '5000.00',
  opened_on: '2026-05-01',
};
declare const created: Ok<'/account/create', 'post'>;
const account_id: string = created.account_id;
const payments: Body<'/payment/save'>[] = (['C', 'C', '1', '2', '3'] as const).map((status) => ({
  account_id,
  month: '2026-06',
  status,
}));
const listed: Body<'/default/register'> = { account_id, amount: '420.00', days_overdue: 75 };
declare const registeredDefault: Ok<'/default/register', 'post'>;
const paid: Body<'/default/update'> = { default_id: registeredDefault.default_id, status: 'paid' };
const close: Body<'/account/update'> = { account_id, status: 'closed', closed_on: '2026-11-27' };
declare const closed: Ok<'/account/update', 'post'>;
const closedLine = \`account \${closed.account_id} \${closed.status}\`;

// Each answer read above is a real type (a property read on never would compile too).
type Real<T> = [T] extends [never] ? false : true;
const real: [
  Real<Ok<'/api/v1/{vendor}/{ref}/profile', 'post'>>,
  Real<Ok<'/api/v1/webhooks', 'post'>>,
  Real<Ok<'/enquiry/lodge', 'post'>>,
  Real<Ok<'/enquiry/getreport', 'post'>>,
  Real<Ok<'/account/create', 'post'>>,
  Real<Ok<'/default/register', 'post'>>,
  Real<Ok<'/account/update', 'post'>>,
] = [true, true, true, true, true, true, true];

// A wrong call does not compile.
// @ts-expect-error a misspelt field of a strict body
const misspelt: Body<'/enquiry/lodge'> = { ...lodge, amout: '1.00' };
// @ts-expect-error a repayment code outside C, 1..6, X
const badCode: Body<'/payment/save'> = { account_id, month: '2026-06', status: '7' };
// @ts-expect-error a bundle format the service does not make
const badFormat: Query<'/api/v1/applications/{id}/bundle'> = { format: 'xml' };

export const used = [registration, start, vendorRef, journeyUrl, webhookId, finalise, bundle, bundleId, attach,
  consent, getReport, summary, download, account, payments, listed, paid, close, closedLine, misspelt, badCode,
  badFormat, real];
`;

it("the quick starts' calls type-check against openapi-typescript's types of the document", {
  timeout: 60_000,
}, async () => {
  expect(await typeCheckAgainst(openApiDocument(), dir, CALLS)).toEqual([]);
});
