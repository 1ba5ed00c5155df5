/**
 * The error answers of the OpenAPI document: one body (src/protocol's `errorBody`) and one response per HTTP status,
 * each naming the codes of the sandbox's code table (core/errors.ts) that answer with it.
 */
import { HEADERS, errorBody } from '../../protocol/index.js';
import { ERROR_STATUS } from '../core/errors.js';
import { type JsonSchema, type SchemaRegistry, jsonSchema } from './schemas.js';
import { PROVENANCE } from './security.js';

/** Statuses the client retries besides 5xx; the service may answer them though the sandbox never does. */
const RATE_LIMITED = 429;

/** status → its codes (those of `codes`, default every code), in status order, each code once. */
function codesByStatus(codes: readonly string[] = Object.keys(ERROR_STATUS)): Map<number, string[]> {
  const by = new Map<number, string[]>();
  const wanted = new Set(codes);
  for (const [code, status] of Object.entries(ERROR_STATUS))
    if (wanted.has(code)) by.set(status, [...(by.get(status) ?? []), code]);
  by.set(RATE_LIMITED, by.get(RATE_LIMITED) ?? []);
  return new Map([...by].sort(([a], [b]) => a - b));
}

const name = (status: number) => `Error${status}`;

/** An operation's error responses (the statuses of its codes, and 429), as references to the components. */
export function errorResponses(codes: readonly string[]): Record<string, { $ref: string }> {
  const statuses = new Set(codes.map((c) => (ERROR_STATUS as Record<string, number>)[c]));
  statuses.add(RATE_LIMITED);
  return Object.fromEntries(
    [...codesByStatus().keys()]
      .filter((s) => statuses.has(s))
      .map((s) => [String(s), { $ref: `#/components/responses/${name(s)}` }]),
  );
}

/** The `Error` schema and one response component per status of `codes` (the codes some operation answers). */
export function errorComponents(
  reg: SchemaRegistry,
  codes: readonly string[],
): { responses: Record<string, JsonSchema> } {
  const body = jsonSchema(errorBody, 'output');
  const schema = reg.ref('Error', {
    ...body,
    description:
      'Every error answer [ours]: `code` is stable and machine-readable (a code added later is still a string), ' +
      '`message` is for developers, `request_id` matches the `x-request-id` header, `fields` lists each invalid field.',
    [PROVENANCE]: 'ours',
    'x-error-codes': ERROR_STATUS,
  });
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answered] of codesByStatus(codes)) {
    responses[name(status)] = {
      description:
        status === RATE_LIMITED
          ? 'Too many requests: retry after `Retry-After` seconds [ours; the sandbox does not limit].'
          : `Codes: ${answered.join(', ')}.`,
      headers: {
        [HEADERS.requestId]: { description: 'The id of this request.', schema: { type: 'string' } },
        ...(status === RATE_LIMITED
          ? { [HEADERS.retryAfter]: { description: 'Seconds to wait.', schema: { type: 'string' } } }
          : {}),
      },
      content: { 'application/json': { schema } },
      [PROVENANCE]: 'ours',
    };
  }
  return { responses };
}
