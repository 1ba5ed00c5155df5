/**
 * The service's OpenAPI 3.1 document, generated from the tables the code runs on: every row of the client's operation
 * table (src/server/client/operations.ts) becomes an operation of its endpoint, with the protocol's zod schemas as its
 * bodies; every endpoint of a protocol table (src/protocol/api.ts) is a path even before a client method calls it;
 * every event of src/protocol/webhooks.ts is a webhook; the errors are the sandbox's code table. A row, field or event
 * added there is in the document with no edit here. `scripts/build.mjs` writes it to dist/openapi.json; the sandbox
 * serves it at OPENAPI_PATH.
 */
import * as api from '../../protocol/api.js';
import {
  KNOWN_WEBHOOK_TYPES,
  WEBHOOK_TYPE_SOURCES,
  webhookDataSchemas,
  webhookEnvelopeSchema,
} from '../../protocol/webhooks.js';
import { SANDBOX_OPERATIONS } from '../../protocol/sandbox.js';
import { OPERATIONS, pathKeys, type Operation } from '../../server/client/operations.js';
import { BUNDLE_CONTENT_TYPES } from '../api/open-banking.js';
import { REPORT_CONTENT_TYPE } from '../api/credit.js';
import { errorComponents, errorResponses } from './errors.js';
import { type JsonSchema, SchemaRegistry, jsonSchema, pascal, words } from './schemas.js';
import { PROVENANCE, type Provenance, headerParameters, securitySchemes } from './security.js';

/** Where the sandbox serves the document. */
export const OPENAPI_PATH = '/openapi.json';

export interface OpenApiOptions {
  /** The server the document names (default the CLI's `http://127.0.0.1:4010`). */
  serverUrl?: string;
}

type Endpoint = Operation['endpoint'];
interface PathGroup {
  endpoint: Endpoint;
  /** `ENDPOINTS.profile` → `{ table: 'ENDPOINTS', name: 'profile' }`, when a protocol table holds the endpoint. */
  row?: { table: string; name: string };
  methods: Array<[string, Operation]>;
  /** A sandbox-only endpoint (SANDBOX_OPERATIONS): the testing kit and the CLI call it, the service has none. */
  sandboxOnly?: true;
}

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Endpoint).method === 'string' &&
  typeof (v as Endpoint).path === 'string';

/** Every `{ method, path }` table src/protocol/api.ts exports (ENDPOINTS, WEBHOOKS, and any added later). */
function protocolRows(): Array<{ table: string; name: string; endpoint: Endpoint }> {
  return Object.entries(api).flatMap(([table, value]) =>
    typeof value === 'object' && value !== null && Object.values(value).length && Object.values(value).every(isEndpoint)
      ? Object.entries(value as Record<string, Endpoint>).map(([name, endpoint]) => ({ table, name, endpoint }))
      : [],
  );
}

/** The operations grouped by endpoint, in table order: one OpenAPI operation per method and path. */
function pathGroups(): PathGroup[] {
  const groups = new Map<string, PathGroup>();
  const group = (endpoint: Endpoint) => {
    const key = `${endpoint.method} ${endpoint.path}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { endpoint, methods: [] }));
    return g;
  };
  for (const { table, name, endpoint } of protocolRows()) group(endpoint).row ??= { table, name };
  for (const [name, op] of Object.entries(OPERATIONS) as Array<[string, Operation]>)
    group(op.endpoint).methods.push([name, op]);
  for (const [name, op] of Object.entries(SANDBOX_OPERATIONS) as Array<[string, Operation]>) {
    const g = group(op.endpoint);
    g.methods.push([name, op]);
    g.sandboxOnly = true;
  }
  return [...groups.values()];
}

/** The twelve endpoints' paths are the seed's; every other operation is ours. */
const provenanceOf = (g: PathGroup): Provenance => (g.row?.table === 'ENDPOINTS' ? 'seed' : 'ours');

/**
 * The client method's name; the protocol row's when several methods share it; `listConsents` for a row no method calls
 * yet.
 */
function operationId(g: PathGroup): string {
  if (g.methods.length === 1) return g.methods[0]![0];
  if (g.methods.length > 1 && g.row) return g.row.name;
  if (g.row) return `${g.row.name}${pascal(g.row.table.toLowerCase())}`;
  return g.methods[0]?.[0] ?? pascal(g.endpoint.path);
}

const tagOf = (path: string): string =>
  path.startsWith('/sandbox/')
    ? 'sandbox only'
    : path.startsWith(api.WEBHOOKS.register.path)
      ? 'webhook receivers'
      : path.startsWith('/api/')
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
function success(g: PathGroup, reg: SchemaRegistry, query: JsonSchema | undefined): JsonSchema {
  const op = g.methods[0]?.[1];
  const id = pascal(operationId(g));
  if (op?.response) {
    const schema = reg.ref(`${id}Response`, jsonSchema(op.response, 'output'));
    return {
      description: 'Success (201 when the call created something).',
      content: { 'application/json': { schema } },
    };
  }
  if (!op?.input && g.endpoint.method !== 'GET') {
    return { description: 'Success.', content: { 'application/json': { schema: { type: 'object' } } } };
  }
  const formats = ((query?.properties as Record<string, JsonSchema> | undefined)?.format?.enum ?? []) as string[];
  const types = formats.length
    ? formats.map((f) => (BUNDLE_CONTENT_TYPES as Record<string, string>)[f] ?? 'application/octet-stream')
    : [REPORT_CONTENT_TYPE];
  const content = Object.fromEntries(
    types.map((t) => {
      const media = t.split(';')[0]!;
      return [media, { schema: media === 'application/json' ? { type: 'object' } : { type: 'string' } }];
    }),
  );
  return { description: 'The file, as the query asks (`Content-Disposition: attachment`).', content };
}

/** One operation of the document. */
function operation(g: PathGroup, reg: SchemaRegistry): JsonSchema {
  const { method, path } = g.endpoint;
  const id = operationId(g);
  const op = g.methods[0]?.[1];
  const isQuery = method === 'GET' && op?.input !== undefined;
  const query = isQuery ? jsonSchema(op!.input!, 'input') : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const parameters: JsonSchema[] = [
    ...pathKeys(path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1 } })),
    ...Object.entries((query?.properties as Record<string, JsonSchema>) ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
    })),
    { $ref: '#/components/parameters/Date' },
    { $ref: '#/components/parameters/ContentMD5' },
    ...(method === 'POST' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const names = g.methods.map(([n]) => n);
  const body =
    method !== 'GET' && op?.input
      ? {
          required: true,
          content: { 'application/json': { schema: reg.ref(`${pascal(id)}Request`, jsonSchema(op.input, 'input')) } },
        }
      : undefined;
  return {
    operationId: id,
    summary: names.length ? names.map(words).join(' / ') : `${method} ${path}`,
    description: g.sandboxOnly
      ? `Sandbox only [ours]: the service has no such endpoint. The testing kit's \`${names[0]}\` calls it.`
      : names.length
        ? `hosted-journey-server's client calls this from ${names.map((n) => `\`${n}\``).join(' and ')}.`
        : 'No client method calls this yet.',
    tags: [tagOf(path)],
    [PROVENANCE]: g.sandboxOnly ? 'ours' : provenanceOf(g),
    ...(g.sandboxOnly ? { 'x-sandbox-only': true, 'x-kit-methods': names } : {}),
    ...(names.length && !g.sandboxOnly ? { 'x-client-methods': names } : {}),
    parameters,
    ...(body ? { requestBody: body } : {}),
    responses: { '2XX': success(g, reg, query), ...errorResponses() },
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

const DESCRIPTION = `The API of the hosted-journey service as this SDK speaks it, generated from its protocol tables \
(never hand-written). Every detail carries \`${PROVENANCE}\`: \`doc\` (the service's public documentation), \`seed\` \
(the project's seed) or \`ours\` (this project's decision where the service publishes nothing; override it where the \
real service differs). Answers are validated loosely: the service may add fields. Served by the sandbox at \
\`${OPENAPI_PATH}\`; the packages ship it as \`dist/openapi.json\`.`;

/** The whole document. */
export function openApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const reg = new SchemaRegistry();
  const paths: Record<string, JsonSchema> = {};
  for (const g of pathGroups()) {
    paths[g.endpoint.path] ??= {};
    paths[g.endpoint.path]![g.endpoint.method.toLowerCase()] = operation(g, reg);
  }
  const events = webhooks(reg);
  const errors = errorComponents(reg);
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
