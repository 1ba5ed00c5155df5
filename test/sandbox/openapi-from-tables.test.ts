// The OpenAPI document has no list of its own: a field added to a protocol schema, an event added to the event table
// and a row added to the client's operation table each appear in it, with no edit to the generator. The modules are
// replaced by copies with one more field, event and row; the generator is the real one.
import * as z from 'zod/mini';
import { expect, it, vi } from 'vitest';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';

vi.mock('../../src/protocol/api.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/protocol/api.js')>();
  return {
    ...real,
    lodgeEnquiryBody: z.extend(real.lodgeEnquiryBody._zod.def.getter(), { hardship_flag: z.optional(z.boolean()) }),
    creditReportResponse: z.extend(real.creditReportResponse._zod.def.getter(), { hardship: z.array(z.string()) }),
  };
});

vi.mock('../../src/protocol/webhooks.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/protocol/webhooks.js')>();
  const webhookDataSchemas = {
    ...real.webhookDataSchemas,
    'consent.expiring': z.looseObject({ consent_id: z.string(), days_left: z.number() }),
  };
  return { ...real, webhookDataSchemas, KNOWN_WEBHOOK_TYPES: Object.keys(webhookDataSchemas) };
});

vi.mock('../../src/server/client/operations.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/client/operations.js')>();
  return {
    ...real,
    OPERATIONS: {
      ...real.OPERATIONS,
      listConsents: {
        endpoint: { method: 'GET', path: '/api/v1/applications/{id}/consents' },
        response: z.looseObject({ consents: z.array(z.looseObject({ consent_id: z.string() })) }),
      },
    },
  };
});

const doc = openApiDocument() as any;
const schema = (ref: string): any => doc.components.schemas[ref.split('/').pop()!];

it('a field added to a request or answer schema is in the document', () => {
  const lodge = doc.paths['/enquiry/lodge'].post.requestBody.content['application/json'].schema.$ref;
  expect(schema(lodge).properties.hardship_flag).toEqual({ type: 'boolean' });
  const report = doc.paths['/enquiry/getreport'].post.responses['2XX'].content['application/json'].schema.$ref;
  expect(schema(report).properties.hardship).toEqual({ type: 'array', items: { type: 'string' } });
  expect(schema(report).required).toContain('hardship');
});

it('an event added to the event table is a webhook, marked ours', () => {
  const post = doc.webhooks['consent.expiring'].post;
  expect(post['x-provenance']).toBe('ours');
  const event = schema(post.requestBody.content['application/json'].schema.$ref);
  expect(schema(event.properties.data.$ref).required).toEqual(['consent_id', 'days_left']);
});

it("a row added to the client's operation table is an operation on its path, marked ours", () => {
  const op = doc.paths['/api/v1/applications/{id}/consents'].get;
  expect(op).toMatchObject({
    operationId: 'listConsents',
    'x-provenance': 'ours',
    'x-client-methods': ['listConsents'],
  });
  expect(op.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  expect(schema(op.responses['2XX'].content['application/json'].schema.$ref).required).toEqual(['consents']);
});
