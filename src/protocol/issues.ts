/**
 * zod/mini's issues in words, where a developer's own input failed (the client's HostedJourneyValidationError, the
 * sandbox's 422 fields). zod/mini loads no locale, and a library must not load one into the integrator's zod; parsed
 * with PLAIN_ISSUES, each of its messages is "Invalid input" whatever locale the integrator's zod loaded. A message a
 * schema set itself is kept. The value given is shown only where a value is the point — an enum or literal that
 * failed — and only when it is a short word: anything longer may be a secret or personal data, and is described by
 * its type alone. A webhook payload the sender got wrong keeps zod's words: the Fetch-runtime verifier's size budget
 * has no room for this module.
 */
import { nearest } from './nearest.js';

/** The fields of a zod issue this reads (zod 4's `$ZodIssue`, structurally). */
export interface IssueLike {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly values?: readonly unknown[];
  readonly expected?: string;
  readonly keys?: readonly string[];
  readonly errors?: readonly (readonly IssueLike[])[];
  readonly origin?: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly divisor?: unknown;
}

const ZOD_DEFAULT = 'Invalid input';
/** A value short and plain enough to repeat back: a mistyped word, not a token or a name. */
const WORD = /^[A-Za-z0-9_.:-]{1,24}$/;

const quote = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** What was given, as far as it is safe to say. */
function given(v: unknown, allowed: readonly unknown[]): string {
  if (v === undefined) return 'missing';
  const plain = typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && WORD.test(v));
  if (!plain) return `got ${kind(v)}`;
  const words = allowed.filter((a): a is string => typeof a === 'string');
  const near = typeof v === 'string' ? nearest(v, words) : undefined;
  return `got ${quote(v)}${near ? ` — did you mean '${near}'?` : ''}`;
}

/** The values every branch of a union of literals accepts; undefined when a branch is anything else. */
function unionValues(issue: IssueLike): unknown[] | undefined {
  const values: unknown[] = [];
  for (const branch of issue.errors ?? []) {
    if (branch.length !== 1 || branch[0]!.code !== 'invalid_value' || branch[0]!.path.length) return undefined;
    values.push(...(branch[0]!.values ?? []));
  }
  return values.length ? values : undefined;
}

const UNITS: Record<string, string> = { string: ' characters', array: ' items', set: ' items', file: ' bytes' };

function bound(issue: IssueLike, small: boolean): string {
  const limit = small ? issue.minimum : issue.maximum;
  const unit = UNITS[issue.origin ?? ''];
  if (unit) return `must have ${small ? 'at least' : 'at most'} ${String(limit)}${unit}`;
  const strict = issue.inclusive === false;
  const than = small ? (strict ? 'greater than' : 'at least') : strict ? 'less than' : 'at most';
  return `must be ${than} ${String(limit)}`;
}

function describe(issue: IssueLike, v: unknown): string {
  switch (issue.code) {
    case 'invalid_value': {
      const values = issue.values ?? [];
      const want =
        values.length === 1 ? `must be ${quote(values[0])}` : `must be one of ${values.map(quote).join(', ')}`;
      return `${want}; ${given(v, values)}`;
    }
    case 'invalid_union': {
      const values = unionValues(issue);
      return values
        ? `must be one of ${values.map(quote).join(', ')}; ${given(v, values)}`
        : `matches none of the accepted shapes; got ${kind(v)}`;
    }
    case 'invalid_type': {
      const want = issue.expected
        ? `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`
        : 'another type';
      return v === undefined ? `is required (${want})` : `must be ${want}; got ${kind(v)}`;
    }
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      const named = keys.every((k) => WORD.test(k)) ? keys.map(quote).join(', ') : String(keys.length);
      return `unknown key${keys.length === 1 ? '' : 's'} ${named}`;
    }
    case 'too_small':
      return bound(issue, true);
    case 'too_big':
      return bound(issue, false);
    case 'invalid_format':
      return issue.format === 'regex' ? 'has the wrong format' : `must be a valid ${issue.format ?? 'value'}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return 'is invalid';
  }
}

/**
 * The parse options every validation whose issues go through `issueMessage` passes: zod's one global config is the
 * integrator's too, and an app that imports zod's classic API has English messages loaded there ("Invalid option:
 * expected one of …"). A per-parse error map outranks the global and locale maps, and a schema's own message still
 * outranks it.
 */
export const PLAIN_ISSUES = { error: () => ZOD_DEFAULT } as const;

/** One issue's message: the schema's own, or zod's default put in words. `input` is what was validated. */
export function issueMessage(issue: IssueLike, input: unknown): string {
  if (issue.message !== ZOD_DEFAULT) return issue.message;
  return describe(issue, valueAt(input, issue.path));
}
