/** Header bags of every runtime: Fetch `Headers`, Node's `IncomingHttpHeaders`, plain records (any letter case). */
import { ServerConfigError, SignatureVerificationError } from '../errors.js';

/** Fetch `Headers`, Node's `IncomingHttpHeaders`, or a plain record (any letter case). */
export type HeadersInput =
  | { get(name: string): string | null }
  | Record<string, string | readonly string[] | undefined>;

/** A header bag must be an object: Fetch `Headers` (or anything with `get`) or a record. */
export function checkHeaders(headers: unknown): HeadersInput {
  if (typeof headers !== 'object' || headers === null) {
    throw new ServerConfigError('headers', 'headers must be a Headers object or a record');
  }
  return headers as HeadersInput;
}

/**
 * One header's value, or undefined when absent (a `null` value counts as absent). A value that is not a string
 * (or a list of strings, as Node gives for repeated headers) is MALFORMED_HEADER.
 */
export function readHeader(headers: HeadersInput, name: string): string | undefined {
  let v: unknown;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    v = (headers as { get(n: string): unknown }).get(name);
  } else {
    const rec = headers as Record<string, unknown>;
    v = rec[name];
    if (v === undefined) {
      for (const k of Object.keys(rec)) {
        if (k.toLowerCase() === name) {
          v = rec[k];
          break;
        }
      }
    }
  }
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(', ');
  throw new SignatureVerificationError('MALFORMED_HEADER', `header '${name}' must be a string`, { header: name });
}

export function requireHeader(headers: HeadersInput, name: string): string {
  const v = readHeader(headers, name);
  if (v === undefined || v === '') {
    throw new SignatureVerificationError('MISSING_HEADER', `missing required header '${name}'`, { header: name });
  }
  return v;
}
