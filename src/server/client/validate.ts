/** Request validation (throws HostedJourneyValidationError before anything is sent) and loose response validation. */
import type * as z from 'zod/mini';
import { type IssueLike, issueMessage, PLAIN_ISSUES } from '../../protocol/issues.js';
import { PATH_PARAM } from '../../protocol/operations.js';
import { ApiError, type FieldIssue, HostedJourneyValidationError } from './errors.js';

const toFields = (issues: readonly IssueLike[], input: unknown): FieldIssue[] =>
  issues.map((i) => ({ path: i.path.map(String).join('.') || '(root)', message: issueMessage(i, input) }));

export function checkRequest<S extends z.ZodMiniType>(operation: string, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value, PLAIN_ISSUES);
  if (!r.success) throw new HostedJourneyValidationError(operation, toFields(r.error.issues, value));
  return r.data as z.infer<S>;
}

export function checkResponse<S extends z.ZodMiniType>(operation: string, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value, PLAIN_ISSUES);
  if (!r.success) {
    const fields = toFields(r.error.issues, value);
    throw new ApiError({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: `${operation}: unexpected response — ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`,
      fields,
    });
  }
  return r.data as z.infer<S>;
}

/** Path parameters: the operation table's rule (letters, digits, `-`, `_`; the journey URL's id rule). */
export function checkPathParams(operation: string, params: Record<string, unknown>): Record<string, string> {
  const fields: FieldIssue[] = [];
  for (const [k, v] of Object.entries(params)) {
    const r = PATH_PARAM.safeParse(v, PLAIN_ISSUES);
    if (!r.success) fields.push(...toFields(r.error.issues, v).map((f) => ({ ...f, path: k })));
  }
  if (fields.length) throw new HostedJourneyValidationError(operation, fields);
  return params as Record<string, string>;
}
