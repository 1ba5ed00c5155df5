/**
 * The service's OpenAPI 3.1 document, generated from the tables the code runs on: every row of the operation table
 * (src/protocol/operations.ts) is one operation, named as the row (the client's method), with the protocol's zod
 * schemas as its bodies and its error codes; the client methods that call it are named on it; every event of
 * src/protocol/webhooks.ts is a webhook; the errors' statuses are the sandbox's code table. A row, field or event
 * added there is in the document with no edit here. `scripts/build.mjs` writes it to dist/openapi.json; the sandbox
 * serves it at OPENAPI_PATH.
 */
import {
  API_OPERATIONS,
  type ApiOperation,
  PATH_PARAM,
  clientMethodsOf,
  operationErrors,
  pathKeys,
} from '../../protocol/operations.js';
import {
  KNOWN_WEBHOOK_TYPES,
  WEBHOOK_TYPE_SOURCES,
  webhookDataSchemas,
  webhookEnvelopeSchema,
} from '../../protocol/webhooks.js';
import { errorComponents, errorResponses } from './errors.js';
import { type JsonSchema, SchemaRegistry, jsonSchema, pascal, words } from './schemas.js';
import { PROVENANCE, headerParameters, securitySchemes } from './security.js';

/** Where the sandbox serves the document. */
export const OPENAPI_PATH = '/openapi.json';

export interface OpenApiOptions {
  /** The server the document names (default the CLI's `http://127.0.0.1:4010`). */
  serverUrl?: string;
}

const tagOf = (op: ApiOperation): string =>
  op.source === 'sandbox'
    ? 'sandbox only'
    : op.path.startsWith(API_OPERATIONS.registerWebhook.path)
      ? 'webhook receivers'
      : op.path.startsWith('/api/')
        ? 'open banking'
        : 'credit reporting';

export const TAGS = [
  { name: 'open banking', description: 'Applications, consents and bundles of the hosted journey.' },
  { name: 'credit reporting', description: 'Enquiries, credit reports, accounts, repayments and defaults.' },
  { name: 'webhook receivers', description: "The signing token's webhook receivers [ours]." },
  {
    name: 'sandbox only',
    description: 'Calls only the sandbox answers, signed like the rest: its clock, consent expiry, deliveries [ours].',
  },
  { name: 'webhook events', description: 'What the service POSTs to a registered receiver.' },
];

/** What the service answers when the call succeeds: JSON, or a download's content per format. */
function success(name: string, op: ApiOperation, reg: SchemaRegistry): JsonSchema {
  if (op.response) {
    const schema = reg.ref(`${pascal(name)}Response`, jsonSchema(op.response, 'output'));
    return {
      description: 'Success (201 when the call created something).',
      content: { 'application/json': { schema } },
    };
  }
  const content = Object.fromEntries(
    Object.values(op.download ?? {}).map((t) => {
      const media = t.split(';')[0]!;
      return [media, { schema: media === 'application/json' ? { type: 'object' } : { type: 'string' } }];
    }),
  );
  return { description: 'The file, as the query asks (`Content-Disposition: attachment`).', content };
}

/** Path parameters, a GET's query, and a POST's `Idempotency-Key`. */
function parameters(op: ApiOperation, query: JsonSchema | undefined): JsonSchema[] {
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const segment = jsonSchema(PATH_PARAM, 'input');
  return [
    ...pathKeys(op.path).map((name) => ({ name, in: 'path', required: true, schema: segment })),
    ...Object.entries((query?.properties as Record<string, JsonSchema>) ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
    })),
    ...(op.method === 'POST' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
}

/** A POST's JSON body: required only when a field of it is (the service reads an empty body as `{}`). */
function requestBody(name: string, op: ApiOperation, reg: SchemaRegistry): JsonSchema | undefined {
  if (op.method === 'GET' || !op.input) return undefined;
  const schema = jsonSchema(op.input, 'input');
  return {
    required: ((schema.required as string[] | undefined) ?? []).length > 0,
    content: { 'application/json': { schema: reg.ref(`${pascal(name)}Request`, schema) } },
  };
}

/** One operation of the document: one row of the table. */
function operation(name: string, op: ApiOperation, reg: SchemaRegistry): JsonSchema {
  const sandboxOnly = op.source === 'sandbox';
  const methods = clientMethodsOf(name, op);
  const body = requestBody(name, op, reg);
  const errors = operationErrors(op);
  return {
    operationId: name,
    summary: (methods.length ? methods : [name]).map(words).join(' / '),
    description: sandboxOnly
      ? `Sandbox only [ours]: the service has no such endpoint. The testing kit's \`${name}\` calls it.`
      : `hosted-journey-server's client calls this from ${methods.map((n) => `\`${n}\``).join(' and ')}.`,
    tags: [tagOf(op)],
    [PROVENANCE]: op.source === 'seed' ? 'seed' : 'ours',
    ...(sandboxOnly ? { 'x-sandbox-only': true, 'x-kit-methods': [name] } : { 'x-client-methods': methods }),
    'x-error-codes': errors,
    parameters: parameters(op, op.method === 'GET' && op.input ? jsonSchema(op.input, 'input') : undefined),
    ...(body ? { requestBody: body } : {}),
    responses: { '2XX': success(name, op, reg), ...errorResponses(errors) },
  };
}

const DELIVERY =
  'Delivered at least once, signed (`hmacDelivery` or `standardWebhooks`). An event id repeats on redelivery: ' +
  'process each once.';

/** Each known event as a webhook: the envelope, its `type`, and its `data`. */
function webhooks(reg: SchemaRegistry): JsonSchema {
  const envelope = jsonSchema(webhookEnvelopeSchema, 'output');
  const replies = {
    '200': { description: 'Processed, ignored (no handler for the type) or a duplicate of a processed event.' },
    '401': { description: 'The signature was refused: the delivery is not processed.' },
    '409': { description: 'The same event is being processed by another delivery: retry after `Retry-After`.' },
    '500': { description: 'The handler failed; the sender retries the event.' },
    '503': { description: "The receiver's dedupe store is unavailable: retry after `Retry-After`." },
  };
  return Object.fromEntries(
    KNOWN_WEBHOOK_TYPES.map((type) => {
      const data = reg.ref(`${pascal(type)}Data`, jsonSchema(webhookDataSchemas[type], 'output'), {
        share: false,
      });
      const properties = { ...(envelope.properties as JsonSchema), type: { type: 'string', const: type }, data };
      const event = reg.ref(`${pascal(type)}Event`, { ...envelope, properties }, { share: false });
      return [
        type,
        {
          post: {
            operationId: `event.${type}`,
            summary: type,
            description: DELIVERY,
            tags: ['webhook events'],
            [PROVENANCE]: WEBHOOK_TYPE_SOURCES[type] ?? 'ours',
            security: [{ hmacDelivery: [] }, { standardWebhooks: [] }],
            requestBody: { required: true, content: { 'application/json': { schema: event } } },
            responses: replies,
          },
        },
      ];
    }),
  );
}

const DESCRIPTION = `The API of the hosted-journey service as this SDK speaks it, generated from its operation table \
(never hand-written). Every detail carries \`${PROVENANCE}\`: \`doc\` (the service's public documentation), \`seed\` \
(the project's seed) or \`ours\` (this project's decision where the service publishes nothing; override it where the \
real service differs). Answers are validated loosely: the service may add fields. Served by the sandbox at \
\`${OPENAPI_PATH}\`; the packages ship it as \`dist/openapi.json\`.`;

/** The whole document. */
export function openApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const reg = new SchemaRegistry();
  const paths: Record<string, JsonSchema> = {};
  for (const [name, op] of Object.entries(API_OPERATIONS) as Array<[string, ApiOperation]>) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operation(name, op, reg);
  }
  const events = webhooks(reg);
  const errors = errorComponents(reg, Object.values(API_OPERATIONS).flatMap(operationErrors));
  return {
    openapi: '3.1.0',
    info: {
      title: 'hosted-journey service API',
      // The API's version, as its paths spell it (`/api/v1/…`), not a package's: the same document ships in each.
      version: 'v1',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      { url: options.serverUrl ?? 'http://127.0.0.1:4010', description: 'The sandbox (npx hosted-journey-sandbox).' },
    ],
    security: [{ hmac: [] }],
    tags: TAGS,
    paths,
    webhooks: events,
    components: {
      securitySchemes,
      parameters: headerParameters,
      responses: errors.responses,
      schemas: reg.schemas,
    },
  };
}
