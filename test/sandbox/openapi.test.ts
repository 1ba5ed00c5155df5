// The OpenAPI document is generated from the tables the code runs on, so it has exactly the operations of the
// operation table (named as the client's methods), every method of the client, every webhook event and every error
// code; the sandbox serves
// it, the build writes it to dist/ and two packages ship it. (Redocly's lint of it is a check of npm test:
// scripts/openapi-lint.mjs.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS, operationErrors, pathKeys, type ApiOperation } from '../../src/protocol/operations.js';
import {
  DEFAULT_TOLERANCE,
  EMPTY_BODY_MD5,
  KNOWN_WEBHOOK_TYPES,
  WEBHOOK_TYPE_SOURCES,
} from '../../src/protocol/index.js';
import { ERROR_STATUS } from '../../src/sandbox/index.js';
import { OPENAPI_PATH, openApiDocument } from '../../src/sandbox/openapi/document.js';
import { OPERATIONS } from '../../src/server/client/operations.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const root = path.resolve(import.meta.dirname, '../..');
const doc = openApiDocument() as any;
const resolve = (ref: string): any =>
  ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node[key], doc);

describe('the generated OpenAPI document', () => {
  it("has exactly the operation table's operations, each named as its row, with its path parameters", () => {
    const rows = Object.entries(API_OPERATIONS) as Array<[string, ApiOperation]>;
    const inDoc = Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      ([p, ops]) => Object.entries(ops).map(([method, op]) => `${op.operationId}: ${method.toUpperCase()} ${p}`),
    );
    expect(inDoc.sort()).toEqual(rows.map(([name, { method, path: p }]) => `${name}: ${method} ${p}`).sort());
    for (const [name, { method, path: p }] of rows) {
      const op = doc.paths[p][method.toLowerCase()];
      const inPath = op.parameters.filter((x: { in?: string }) => x.in === 'path').map((x: { name: string }) => x.name);
      expect(inPath, name).toEqual(pathKeys(p));
    }
    // The operation ids are the client's method names where the client has the method.
    for (const name of ['startApplication', 'createConsent', 'finalise', 'downloadBundle', 'updateAccount'])
      expect(Object.keys(OPERATIONS), name).toContain(name);
    // The twelve are the seed's; the receivers are ours, and marked so.
    expect(doc.paths['/enquiry/lodge'].post['x-provenance']).toBe('seed');
    expect(doc.paths['/api/v1/webhooks'].post['x-provenance']).toBe('ours');
  });

  it("names each method of the client's operation table on its endpoint's operation, with its body and answer", () => {
    for (const [name, op] of Object.entries(OPERATIONS)) {
      const o = doc.paths[op.path][op.method.toLowerCase()];
      expect(o['x-client-methods'], name).toContain(name);
      expect(o.operationId, name).toBe(op.operation);
      const ok = o.responses['2XX'];
      if ('response' in op) expect(ok.content['application/json'].schema.$ref, name).toMatch(/^#\/components\/schemas/);
      if ('input' in op && op.method === 'POST')
        expect(o.requestBody.content['application/json'].schema.$ref, name).toMatch(/Request$/);
    }
    const lodge = resolve(doc.paths['/enquiry/lodge'].post.requestBody.content['application/json'].schema.$ref);
    expect(lodge.required).toEqual(['applicant', 'enquiry_type', 'product', 'amount']);
    expect(lodge.properties.amount.pattern).toBe('^\\d{1,12}(\\.\\d{1,2})?$');
    expect(lodge.additionalProperties).toBe(false);
    // Answers pass unknown fields through, as the client's schemas do.
    const app = resolve(
      doc.paths['/api/v1/{vendor}/{ref}/profile'].post.responses['2XX'].content['application/json'].schema.$ref,
    );
    expect(app.additionalProperties).toEqual({});
    const bundle = doc.paths['/api/v1/applications/{id}/bundle'].get;
    expect(Object.keys(bundle.responses['2XX'].content)).toEqual(['application/pdf', 'text/csv', 'application/json']);
    expect(bundle.parameters.find((x: { in?: string }) => x.in === 'query')).toMatchObject({
      name: 'format',
      required: true,
      schema: { enum: ['pdf', 'csv', 'json'] },
    });
  });

  it("puts every known event under webhooks with its data, marking which names are the service's and which ours", () => {
    expect(Object.keys(doc.webhooks)).toEqual(KNOWN_WEBHOOK_TYPES);
    for (const type of KNOWN_WEBHOOK_TYPES) {
      const post = doc.webhooks[type].post;
      expect(post['x-provenance'], type).toBe(WEBHOOK_TYPE_SOURCES[type] ?? 'ours');
      const event = resolve(post.requestBody.content['application/json'].schema.$ref);
      expect(event.properties.type, type).toEqual({ type: 'string', const: type });
      expect(event.required).toEqual(expect.arrayContaining(['event_id', 'type', 'created_at', 'data']));
    }
    const data = resolve(
      resolve(doc.webhooks['consent.authorised'].post.requestBody.content['application/json'].schema.$ref).properties
        .data.$ref,
    );
    expect(data.required).toEqual(['consent_id', 'institution_id', 'pathway']);
  });

  it("names the sandbox's codes in the Error schema, and each code an operation answers in its status's response", () => {
    expect(doc.components.schemas.Error['x-error-codes']).toEqual(ERROR_STATUS);
    const answered = new Set(Object.values(API_OPERATIONS).flatMap((op: ApiOperation) => operationErrors(op)));
    for (const code of answered) {
      const response = doc.components.responses[`Error${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}`];
      expect(response.description, code).toContain(code);
    }
    // A status no signed operation answers (the journey pages' 403) has no response component.
    expect(doc.components.responses.Error403).toBeUndefined();
  });

  it("lists each operation's error codes, all the sandbox's, and answers only their statuses (and 429)", () => {
    for (const [name, row] of Object.entries(API_OPERATIONS) as Array<[string, ApiOperation]>) {
      const op = doc.paths[row.path][row.method.toLowerCase()];
      const codes = operationErrors(row);
      expect(op['x-error-codes'], name).toEqual(codes);
      for (const code of codes) expect(ERROR_STATUS, `${name}: ${code}`).toHaveProperty(code);
      const statuses = new Set([...codes.map((c) => String(ERROR_STATUS[c as keyof typeof ERROR_STATUS])), '429']);
      expect(
        Object.keys(op.responses)
          .filter((s) => s !== '2XX')
          .sort(),
        name,
      ).toEqual([...statuses].sort());
      for (const s of statuses) expect(op.responses[s].$ref).toBe(`#/components/responses/Error${s}`);
    }
    expect(doc.paths['/payment/save'].post['x-error-codes']).toContain('SECOND_VARIATION');
    expect(doc.paths['/enquiry/lodge'].post.responses['404']).toBeUndefined();
  });

  it('describes the HMAC-SHA256 request signing as the security scheme every operation needs', () => {
    expect(doc.security).toEqual([{ hmac: [] }]);
    const { hmac } = doc.components.securitySchemes;
    expect(hmac).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization', 'x-provenance': 'doc' });
    expect(hmac.description).toContain('HMAC-SHA256');
    expect(hmac.description).toContain(`GET\n    ${EMPTY_BODY_MD5}\n    application/json\n    Sun, 22 Nov 2026`);
    expect(hmac.description).toContain(`${DEFAULT_TOLERANCE.pastSec} s in the past`);
    // The signed headers are the scheme's, not parameters a generated client would ask for on every call.
    expect(Object.keys(doc.components.parameters)).toEqual(['IdempotencyKey']);
    expect(doc.paths['/enquiry/lodge'].post.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
  });

  it('asks for a body only where the service needs one: finalise takes none', () => {
    expect(doc.paths['/api/v1/{vendor}/{ref}/finalise'].post.requestBody.required).toBe(false);
    expect(doc.paths['/api/v1/{vendor}/{ref}/profile'].post.requestBody.required).toBe(false);
    expect(doc.paths['/enquiry/lodge'].post.requestBody.required).toBe(true);
    expect(doc.paths['/sandbox/v1/deliveries/{event_id}/resend'].post.requestBody).toBeUndefined();
  });
});

describe('where the document is found', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it(`the sandbox serves it at ${OPENAPI_PATH}, naming itself as the server`, async () => {
    const res = await sandbox.raw('GET', OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.json).toEqual(openApiDocument({ serverUrl: sandbox.url }));
    expect(res.json.servers[0].url).toBe(sandbox.url);
  });

  it('the build wrote it to dist/openapi.json, and the server and sandbox packages ship it', () => {
    const built = readFileSync(path.join(root, 'dist/openapi.json'), 'utf8');
    expect(JSON.parse(built)).toEqual(doc);
    for (const name of ['hosted-journey-server', 'hosted-journey-sandbox']) {
      const dir = path.join(root, 'dist/packages', name);
      expect(readFileSync(path.join(dir, 'dist/openapi.json'), 'utf8'), name).toBe(built);
      expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['./openapi.json']).toBe(
        './dist/openapi.json',
      );
    }
  });
});
