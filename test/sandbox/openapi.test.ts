// The OpenAPI document is generated from the tables the code runs on, so it names every endpoint of the protocol's
// tables, every method of the client's operation table, every webhook event and every error code; the sandbox serves
// it, the build writes it to dist/ and two packages ship it. (Redocly's lint of it is a check of npm test:
// scripts/openapi-lint.mjs.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../src/protocol/api.js';
import {
  DEFAULT_TOLERANCE,
  EMPTY_BODY_MD5,
  KNOWN_WEBHOOK_TYPES,
  WEBHOOK_TYPE_SOURCES,
} from '../../src/protocol/index.js';
import { ERROR_STATUS } from '../../src/sandbox/index.js';
import { OPENAPI_PATH, openApiDocument } from '../../src/sandbox/openapi/document.js';
import { OPERATIONS, pathKeys } from '../../src/server/client/operations.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const root = path.resolve(import.meta.dirname, '../..');
const doc = openApiDocument() as any;
const resolve = (ref: string): any =>
  ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node[key], doc);

describe('the generated OpenAPI document', () => {
  it('has an operation for each endpoint of the protocol tables, with its path parameters', () => {
    const rows = [...Object.entries(api.ENDPOINTS), ...Object.entries(api.WEBHOOKS)];
    expect(rows.length).toBe(15);
    for (const [name, { method, path: p }] of rows) {
      const op = doc.paths[p]?.[method.toLowerCase()];
      expect(op, `${name}: ${method} ${p}`).toBeDefined();
      const inPath = op.parameters.filter((x: { in?: string }) => x.in === 'path').map((x: { name: string }) => x.name);
      expect(inPath, name).toEqual(pathKeys(p));
    }
    // The twelve are the seed's; the receivers are ours, and marked so.
    expect(doc.paths['/enquiry/lodge'].post['x-provenance']).toBe('seed');
    expect(doc.paths['/api/v1/webhooks'].post['x-provenance']).toBe('ours');
  });

  it("names each method of the client's operation table on its endpoint's operation, with its body and answer", () => {
    for (const [name, op] of Object.entries(OPERATIONS)) {
      const o = doc.paths[op.endpoint.path][op.endpoint.method.toLowerCase()];
      expect(o['x-client-methods'], name).toContain(name);
      const ok = o.responses['2XX'];
      if ('response' in op) expect(ok.content['application/json'].schema.$ref, name).toMatch(/^#\/components\/schemas/);
      if ('input' in op && op.endpoint.method === 'POST')
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

  it("names every error code of the sandbox's table in the Error schema and in its status's response", () => {
    expect(doc.components.schemas.Error['x-error-codes']).toEqual(ERROR_STATUS);
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const response = doc.components.responses[`Error${status}`];
      expect(response.description, code).toContain(code);
      expect(doc.paths['/enquiry/lodge'].post.responses[String(status)].$ref).toBe(
        `#/components/responses/Error${status}`,
      );
    }
  });

  it('describes the HMAC-SHA256 request signing as the security scheme every operation needs', () => {
    expect(doc.security).toEqual([{ hmac: [] }]);
    const { hmac } = doc.components.securitySchemes;
    expect(hmac).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization', 'x-provenance': 'doc' });
    expect(hmac.description).toContain('HMAC-SHA256');
    expect(hmac.description).toContain(`GET\n    ${EMPTY_BODY_MD5}\n    application/json\n    Sun, 22 Nov 2026`);
    expect(hmac.description).toContain(`${DEFAULT_TOLERANCE.pastSec} s in the past`);
    expect(doc.paths['/enquiry/lodge'].post.parameters).toEqual(
      expect.arrayContaining([
        { $ref: '#/components/parameters/Date' },
        { $ref: '#/components/parameters/ContentMD5' },
      ]),
    );
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
