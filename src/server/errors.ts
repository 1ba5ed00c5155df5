/**
 * The server entry's errors: one base class, `HostedJourneyServerError`, and one guard, `isHostedJourneyServerError`.
 * Every error carries a string `code` and a brand (`Symbol.for('hosted-journey.server.error')`, shared by every realm
 * and every copy of the package), so a guard never trusts `name` alone: a platform error that happens to be called
 * `TimeoutError` (the DOMException of `AbortSignal.timeout()`) is not ours. Errors that lost their prototype
 * (structured clone to a worker) are still recognised when both `name` and `code` are ours.
 * No message ever contains a secret, a signature or an Authorization header value.
 */

/** The brand every error of this entry carries (non-enumerable). */
const BRAND: unique symbol = Symbol.for('hosted-journey.server.error') as never;

/** Base of every error the server entry throws. `code` is a machine-readable string; `name` is the class's. */
export abstract class HostedJourneyServerError extends Error {
  declare readonly name: HostedJourneyServerErrorName;
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    Object.defineProperty(this, BRAND, { value: true });
  }
}

export const SignatureVerificationErrorCode = {
  MISSING_HEADER: 'MISSING_HEADER',
  MALFORMED_HEADER: 'MALFORMED_HEADER',
  UNKNOWN_KEY: 'UNKNOWN_KEY',
  BAD_SIGNATURE: 'BAD_SIGNATURE',
  BODY_DIGEST_MISMATCH: 'BODY_DIGEST_MISMATCH',
  TIMESTAMP_TOO_OLD: 'TIMESTAMP_TOO_OLD',
  TIMESTAMP_IN_FUTURE: 'TIMESTAMP_IN_FUTURE',
  PARSED_BODY: 'PARSED_BODY',
  INVALID_PAYLOAD: 'INVALID_PAYLOAD',
} as const;
export type SignatureVerificationErrorCode =
  (typeof SignatureVerificationErrorCode)[keyof typeof SignatureVerificationErrorCode];

/** Codes meaning "the request is not well-formed" (HTTP 400); all others mean "not authentic / not fresh" (401). */
const MALFORMED_CODES = /^(MISSING_HEADER|MALFORMED_HEADER|PARSED_BODY|INVALID_PAYLOAD)$/;

/** A request or webhook delivery failed verification. `status` is the HTTP status a receiver should answer with. */
export class SignatureVerificationError extends HostedJourneyServerError {
  override readonly name = 'SignatureVerificationError' as const;
  readonly code: SignatureVerificationErrorCode;
  /** Which header was missing or malformed, when relevant (a header *name*, never a value). */
  readonly header: string | undefined;

  constructor(code: SignatureVerificationErrorCode, message: string, options: { header?: string } = {}) {
    super(message);
    this.code = code;
    this.header = options.header;
  }

  /** 400 for malformed input, 401 for signature / key / timestamp / digest failures. */
  get status(): 400 | 401 {
    return MALFORMED_CODES.test(this.code) ? 400 : 401;
  }

  toJSON(): { name: string; code: string; message: string } {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/** An option passed to the server helper is missing or unusable (e.g. a secret with surrounding whitespace). */
export class ServerConfigError extends HostedJourneyServerError {
  override readonly name = 'ServerConfigError' as const;
  readonly code = 'INVALID_OPTION' as const;
  /** The option that was wrong, e.g. `keys[0].secret`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * A store could not reach its backing service within its `connectTimeoutMs` (`store.connect()`, the inbox's first
 * connection). `address` is where it tried, never with a password; `cause` the last error the driver reported.
 */
export class StoreConnectionError extends HostedJourneyServerError {
  override readonly name = 'StoreConnectionError' as const;
  readonly code = 'STORE_UNREACHABLE' as const;
  constructor(
    readonly store: 'redis' | 'postgres',
    readonly address: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message);
    if (options.cause !== undefined) Object.defineProperty(this, 'cause', { value: options.cause, writable: true });
  }
}

/** Names of every concrete error class of the server entry (client errors are declared in client/errors.ts). */
export type HostedJourneyServerErrorName =
  | 'SignatureVerificationError'
  | 'ServerConfigError'
  | 'StoreConnectionError'
  | 'HostedJourneyValidationError'
  | 'ApiError'
  | 'AuthenticationError'
  | 'RateLimitError'
  | 'ConsentInactiveError'
  | 'EventsExpiredError'
  | 'HostedJourneyTimeoutError'
  | 'HostedJourneyNetworkError'
  | 'ResponseTooLargeError'
  | 'RedirectError'
  | 'PaymentRefusedError';

/**
 * The `code`s each class can carry, for errors that lost their brand (structured clone). `null`: any string code
 * (ApiError and its subclasses carry the service's own codes), recognised with a numeric `status` as well. The
 * `Object.values` set is pure-marked so that a bundle which never calls the guard (an edge verifier) drops the table.
 */
const CODES: Record<HostedJourneyServerErrorName, ReadonlySet<string> | null> = {
  SignatureVerificationError: /* @__PURE__ */ new Set(/* @__PURE__ */ Object.values(SignatureVerificationErrorCode)),
  ServerConfigError: new Set(['INVALID_OPTION']),
  StoreConnectionError: new Set(['STORE_UNREACHABLE']),
  HostedJourneyValidationError: new Set(['VALIDATION']),
  ApiError: null,
  AuthenticationError: null,
  RateLimitError: null,
  ConsentInactiveError: new Set(['CONSENT_EXPIRED', 'CONSENT_REVOKED']),
  EventsExpiredError: new Set(['EVENTS_EXPIRED']),
  HostedJourneyTimeoutError: new Set(['TIMEOUT']),
  HostedJourneyNetworkError: new Set(['NETWORK']),
  ResponseTooLargeError: new Set(['RESPONSE_TOO_LARGE']),
  RedirectError: new Set(['REDIRECT']),
  PaymentRefusedError: null,
};
/** A kind asked for also matches its subclasses. */
const SUBCLASSES: Partial<Record<HostedJourneyServerErrorName, readonly HostedJourneyServerErrorName[]>> = {
  ApiError: ['ApiError', 'AuthenticationError', 'RateLimitError', 'ConsentInactiveError', 'EventsExpiredError'],
};

/**
 * The one guard of the server entry: true for any error it throws, or — with `kinds` — only for those classes (a class
 * includes its subclasses: `'ApiError'` matches `AuthenticationError` and `RateLimitError`). Checks the brand (or, for
 * a structured clone, a `code` of that class), never `name` alone; works across realms and duplicate package copies.
 * @example if (isHostedJourneyServerError(e, 'SignatureVerificationError')) return new Response(null, { status:
 *   e.status });
 */
export function isHostedJourneyServerError(
  value: unknown,
  ...kinds: HostedJourneyServerErrorName[]
): value is HostedJourneyServerError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { name?: unknown; code?: unknown; status?: unknown; [BRAND]?: unknown };
  const name = v.name as HostedJourneyServerErrorName;
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(CODES, name) || typeof v.code !== 'string')
    return false;
  if (v[BRAND] !== true) {
    const codes = CODES[name];
    if (codes ? !codes.has(v.code) : typeof v.status !== 'number') return false;
  }
  return kinds.length === 0 || kinds.some((k) => (SUBCLASSES[k] ?? [k]).includes(name));
}

/** `isHostedJourneyServerError(value, 'SignatureVerificationError')`. */
export function isSignatureVerificationError(value: unknown): value is SignatureVerificationError {
  return isHostedJourneyServerError(value, 'SignatureVerificationError');
}

/** `isHostedJourneyServerError(value, 'ServerConfigError')`. */
export function isServerConfigError(value: unknown): value is ServerConfigError {
  return isHostedJourneyServerError(value, 'ServerConfigError');
}

/** `isHostedJourneyServerError(value, 'StoreConnectionError')`. */
export function isStoreConnectionError(value: unknown): value is StoreConnectionError {
  return isHostedJourneyServerError(value, 'StoreConnectionError');
}
