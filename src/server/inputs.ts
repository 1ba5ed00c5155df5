/** Normalising what callers hand us: header bags of every runtime, raw bodies, keys and clocks. */
import { DEFAULT_TOLERANCE } from '../protocol/signing.js';
import { ServerConfigError, SignatureVerificationError } from './errors.js';

/** Fetch `Headers`, Node's `IncomingHttpHeaders`, or a plain record (any letter case). */
export type HeadersInput =
  | { get(name: string): string | null }
  | Record<string, string | readonly string[] | undefined>;

/** The exact bytes received. Strings are hashed as UTF-8, so prefer bytes when the body may not be valid UTF-8. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export interface VerificationKey {
  /** Public identifier sent in the `Authorization` header (`HMAC <tokenId>:…`); a label under the standard scheme. */
  tokenId: string;
  /** The signing secret. For the standard scheme: `whsec_<base64>`. */
  secret: string;
}

export interface Tolerance {
  /** How old a timestamp may be, seconds. Default 300. */
  pastSec?: number;
  /** How far ahead of our clock a timestamp may be, seconds. Default 300. */
  futureSec?: number;
}

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

export const PARSED_BODY_MESSAGE =
  'body must be the raw bytes received (string, Uint8Array, ArrayBuffer), not parsed JSON: re-serialising changes the ' +
  'bytes. Express: express.raw({ type: "*/*" }) on this route, or toNodeHandler; Next.js and Fetch runtimes: ' +
  '`await req.text()` or `await req.arrayBuffer()`, never `await req.json()`.';

/** ArrayBuffer's own byteLength getter: throws unless given a real ArrayBuffer, from any realm. */
const byteLengthOf = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get!;
function isArrayBuffer(x: unknown): x is ArrayBuffer {
  if (x instanceof ArrayBuffer) return true;
  if (typeof x !== 'object' || x === null) return false;
  try {
    byteLengthOf.call(x);
    return true;
  } catch {
    return false;
  }
}

/** Accepts bytes from any realm (vm contexts, workers): views by `ArrayBuffer.isView`, buffers by their internal slot. */
export function toRawBody(body: unknown): string | Uint8Array {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (isArrayBuffer(body)) return new Uint8Array(body);
  if (body === undefined || body === null) return '';
  throw new SignatureVerificationError('PARSED_BODY', PARSED_BODY_MESSAGE);
}

export function checkKeys(keys: unknown): readonly VerificationKey[] {
  return resolveKeys(keys).list;
}

/** Validated keys and their index by tokenId. */
export interface ResolvedKeys {
  list: readonly VerificationKey[];
  byTokenId: ReadonlyMap<string, readonly VerificationKey[]>;
}

/**
 * Validation and the tokenId index are computed once per keys array (handlers pass the same array on every delivery).
 * The cache entry keeps each key's tokenId and secret as seen; it is used only while the array still holds exactly
 * those, so editing the array in place (rotation) is picked up on the next call.
 */
const keysCache = new WeakMap<object, { seen: string[]; resolved: ResolvedKeys }>();

export function resolveKeys(keys: unknown): ResolvedKeys {
  if (Array.isArray(keys)) {
    const hit = keysCache.get(keys);
    if (hit && hit.seen.length === keys.length * 2) {
      let same = true;
      for (let i = 0; i < keys.length && same; i++) {
        const k = keys[i] as VerificationKey | null;
        same = !!k && k.tokenId === hit.seen[2 * i] && k.secret === hit.seen[2 * i + 1];
      }
      if (same) return hit.resolved;
    }
  }
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new ServerConfigError('keys', 'keys must be a non-empty array of { tokenId, secret }');
  }
  const seen: string[] = [];
  const list: VerificationKey[] = [];
  const byTokenId = new Map<string, VerificationKey[]>();
  keys.forEach((k: unknown, i) => {
    const key = k as Partial<VerificationKey> | null;
    if (!key || typeof key.tokenId !== 'string' || key.tokenId === '') {
      throw new ServerConfigError(`keys[${i}].tokenId`, `keys[${i}].tokenId must be a non-empty string`);
    }
    const secret = checkSecret(key.secret, `keys[${i}].secret`);
    const copy = { tokenId: key.tokenId, secret };
    seen.push(copy.tokenId, secret);
    list.push(copy);
    const same = byTokenId.get(copy.tokenId);
    if (same) same.push(copy);
    else byTokenId.set(copy.tokenId, [copy]);
  });
  const resolved = { list, byTokenId };
  keysCache.set(keys, { seen, resolved });
  return resolved;
}

export function checkSecret(secret: unknown, field: string): string {
  if (typeof secret !== 'string' || secret === '') throw new ServerConfigError(field, `${field} must be a non-empty string`);
  if (secret.trim() !== secret) {
    throw new ServerConfigError(field, `${field} has leading or trailing whitespace (a copy-paste or .env newline?); trim it`);
  }
  return secret;
}

const DEFAULT_TOLERANCE_MS = { pastMs: DEFAULT_TOLERANCE.pastSec * 1000, futureMs: DEFAULT_TOLERANCE.futureSec * 1000 } as const;

export function resolveTolerance(t: Tolerance | undefined): { pastMs: number; futureMs: number } {
  if (t === undefined) return DEFAULT_TOLERANCE_MS;
  const past = t?.pastSec ?? DEFAULT_TOLERANCE.pastSec;
  const future = t?.futureSec ?? DEFAULT_TOLERANCE.futureSec;
  if (!Number.isFinite(past) || past < 0) throw new ServerConfigError('tolerance.pastSec', 'tolerance.pastSec must be a finite number ≥ 0');
  if (!Number.isFinite(future) || future < 0) throw new ServerConfigError('tolerance.futureSec', 'tolerance.futureSec must be a finite number ≥ 0');
  return { pastMs: past * 1000, futureMs: future * 1000 };
}

/** Rejects timestamps outside [now - past, now + future]. */
export function checkTimestamp(tsMs: number, nowMs: number, tol: { pastMs: number; futureMs: number }): void {
  if (tsMs < nowMs - tol.pastMs) {
    throw new SignatureVerificationError('TIMESTAMP_TOO_OLD', `timestamp is ${Math.round((nowMs - tsMs) / 1000)} s old (tolerance ${tol.pastMs / 1000} s)`);
  }
  if (tsMs > nowMs + tol.futureMs) {
    throw new SignatureVerificationError('TIMESTAMP_IN_FUTURE', `timestamp is ${Math.round((tsMs - nowMs) / 1000)} s ahead of this clock (tolerance ${tol.futureMs / 1000} s)`);
  }
}

export type Clock = () => number | Date;

/** Epoch ms of a time given as a number or a Date (of any realm); NaN for anything else. */
export function timeOf(v: unknown): number {
  if (typeof v === 'number') return v;
  try {
    return Date.prototype.getTime.call(v);
  } catch {
    return Number.NaN;
  }
}

/** A clock that is not a finite time would switch the freshness check off (every comparison with NaN is false). */
export const readClock = (now: Clock | undefined): number => {
  const ms = now === undefined ? Date.now() : typeof now === 'function' ? timeOf(now()) : Number.NaN;
  if (!Number.isFinite(ms)) throw new ServerConfigError('now', 'now() must return epoch ms or a valid Date');
  return ms;
};
