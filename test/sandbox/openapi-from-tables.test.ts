// The OpenAPI document has no list of its own: a field added to a protocol schema, an event added to the event table
// and a row added to the operation table each appear in it, with no edit to the generator. The modules are
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

vi.mock('../../src/protocol/operations.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/protocol/operations.js')>();
  return {
    ...real,
    API_OPERATIONS: {
      ...real.API_OPERATIONS,
      listStatements: {
        method: 'GET',
        path: '/api/v1/applications/{id}/statements',
        response: z.looseObject({ statements: z.array(z.looseObject({ statement_id: z.string() })) }),
        errors: ['APPLICATION_NOT_FOUND'],
        source: 'ours',
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

it('a row added to the operation table is an operation on its path, named as the row, marked ours', () => {
  const op = doc.paths['/api/v1/applications/{id}/statements'].get;
  expect(op).toMatchObject({ operationId: 'listStatements', 'x-provenance': 'ours' });
  expect(op['x-error-codes']).toContain('APPLICATION_NOT_FOUND');
  expect(op.responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
  expect(op.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  expect(schema(op.responses['2XX'].content['application/json'].schema.$ref).required).toEqual(['statements']);
});
