import { PAYMENT_REFUSAL_STATUS, type PaymentRefusal, type PaymentRefusalCode } from '../../protocol/credit.js';
import type { ConsentStatus } from '../../protocol/consents.js';
import { HostedJourneyServerError, isHostedJourneyServerError } from '../errors.js';

/**
 * Errors thrown by the signed client, all subclasses of HostedJourneyServerError. None carries the signing secret, the
 * Authorization header or request headers: messages are built from the method, path, status and the service's own error
 * body only.
 */
export const ClientErrorCode = {
  VALIDATION: 'VALIDATION',
  TIMEOUT: 'TIMEOUT',
  NETWORK: 'NETWORK',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  REDIRECT: 'REDIRECT',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

export interface FieldIssue {
  /** Dotted field path, e.g. `applicant.address.postcode`. */
  path: string;
  message: string;
}

/** The request options failed validation; nothing was sent. */
export class HostedJourneyValidationError extends HostedJourneyServerError {
  override readonly name = 'HostedJourneyValidationError' as const;
  readonly code = ClientErrorCode.VALIDATION;
  readonly fields: readonly FieldIssue[];
  constructor(operation: string, fields: readonly FieldIssue[]) {
    super(`${operation}: invalid options — ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`);
    this.fields = fields;
  }
}

/**
 * The codes the service's signed API answers with (its error body's `code`), plus the client's own
 * `INVALID_RESPONSE` (a body that breaks the schema) and `HTTP_<status>` when the body carries none. The sandbox
 * answers the same codes (docs/sandbox.md, Errors).
 */
export type KnownApiErrorCode =
  // 400, 413, 422: the request
  | 'INVALID_JSON'
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'VALIDATION_FAILED'
  | 'WEBHOOK_LIMIT_REACHED'
  // 410 (EventsExpiredError): older than the events' retention
  | 'EVENTS_EXPIRED'
  // 401 (AuthenticationError): the signature
  | 'MISSING_HEADER'
  | 'MALFORMED_HEADER'
  | 'UNKNOWN_KEY'
  | 'BAD_SIGNATURE'
  | 'BODY_DIGEST_MISMATCH'
  | 'TIMESTAMP_TOO_OLD'
  | 'TIMESTAMP_IN_FUTURE'
  | 'UNAUTHORISED'
  // 404, 405: what the path names
  | 'NOT_FOUND'
  | 'APPLICATION_NOT_FOUND'
  | 'CONSENT_NOT_FOUND'
  | 'ENQUIRY_NOT_FOUND'
  | 'ACCOUNT_NOT_FOUND'
  | 'WEBHOOK_NOT_FOUND'
  | 'EVENT_NOT_FOUND'
  | 'INSTITUTION_NOT_FOUND'
  | 'JOURNEY_SESSION_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  // 409: the order of calls
  | 'APPLICATION_NOT_STARTED'
  | 'NO_INSTITUTION'
  | 'PATHWAY_MISMATCH'
  | 'INSTITUTION_LOCKED'
  | 'IDENTITY_LOCKED'
  | 'DATA_NOT_RETRIEVED'
  | 'REPORT_NOT_READY'
  | 'NO_ENQUIRY'
  | 'ACCOUNT_CLOSED'
  | 'UNKNOWN_DEFAULT'
  | 'DEFAULT_CLOSED'
  | 'IDEMPOTENCY_KEY_REUSED'
  // 409, 422: a month's payment refused (PaymentRefusalCode; the client refuses the same before sending)
  | PaymentRefusalCode
  | 'CONSENT_NOT_ACTIVE'
  | 'CONSENT_EXPIRED'
  | 'CONSENT_REVOKED'
  // 5xx, and the client's own
  | 'INTERNAL'
  | 'INVALID_RESPONSE';

/**
 * `ApiError.code`: a closed union — the service's known codes and `HTTP_<status>` (a body without a code) — so
 * `e.code === 'DATA_NOT_RETRIVED'` is a compile error. A code the service adds later still arrives unchanged at run
 * time: compare it as `(e.code as string) === 'NEW_CODE'`.
 */
export type ApiErrorCode = KnownApiErrorCode | `HTTP_${number}`;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string | undefined;
  fields?: readonly FieldIssue[] | undefined;
}

/** The service answered with an error status (or an unusable response body: code `INVALID_RESPONSE`). */
export class ApiError extends HostedJourneyServerError {
  override readonly name:
    | 'ApiError'
    | 'AuthenticationError'
    | 'RateLimitError'
    | 'ConsentInactiveError'
    | 'EventsExpiredError' = 'ApiError';
  readonly status: number;
  /**
   * The service's code: typed as the codes this version knows (a misspelt one does not compile); a newer code
   * arrives as the service sent it.
   * @example if (isApiError(e) && e.code === 'DATA_NOT_RETRIEVED') return retryAfterCrawlCompleted();
   */
  readonly code: ApiErrorCode;
  readonly requestId: string | undefined;
  readonly fields: readonly FieldIssue[] | undefined;
  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code as ApiErrorCode;
    this.requestId = init.requestId;
    this.fields = init.fields;
  }
}

/** The 401 codes of a Date outside the service's tolerance of its clock. */
export const CLOCK_CODES: ReadonlySet<string> = new Set(['TIMESTAMP_TOO_OLD', 'TIMESTAMP_IN_FUTURE']);
/** What a clock refusal's message adds: where the two clocks come from, and the option that sets this client's. */
export const CLOCK_HINT =
  " — this client's clock and the service's differ: requests are signed with the system clock unless " +
  "createClient's `now` sets another (a sandbox started with `now` checks against that clock: pass the same)";

/** 401: the token id or signing secret was rejected, or the clocks disagree by more than the tolerance. */
export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError' as const;
}

/** 429 after the retries were used up; `retryAfter` is in seconds when the service said. */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError' as const;
  readonly retryAfter: number | undefined;
  constructor(init: ApiErrorInit & { retryAfter?: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/**
 * A data pull (`finalise`, a bundle) refused because the application's consent ended: 409 `CONSENT_EXPIRED` or
 * `CONSENT_REVOKED`. `consentId` and `consentStatus` name it; renew an expired consent (`renewConsent`), or ask the
 * customer for a new one after a revocation.
 * @example if (e instanceof ConsentInactiveError) await notify(e.consentId, e.consentStatus);
 */
export class ConsentInactiveError extends ApiError {
  override readonly name = 'ConsentInactiveError' as const;
  override readonly code: 'CONSENT_EXPIRED' | 'CONSENT_REVOKED';
  readonly consentId: string;
  /** `'expired'` or `'revoked'`, or a status the service adds later. */
  readonly consentStatus: ConsentStatus;
  constructor(init: ApiErrorInit & { consentId: string; consentStatus: string }) {
    super(init);
    this.code = init.code as 'CONSENT_EXPIRED' | 'CONSENT_REVOKED';
    this.consentId = init.consentId;
    this.consentStatus = init.consentStatus as ConsentStatus;
  }
}

/**
 * `410 EVENTS_EXPIRED` [ours]: a list or recovery asked for events older than the service keeps them (30 days).
 * `retentionDays` names the retention and `oldestAvailable` the earliest `since` it still answers.
 * @example if (e instanceof EventsExpiredError) since = e.oldestAvailable;
 */
export class EventsExpiredError extends ApiError {
  override readonly name = 'EventsExpiredError' as const;
  override readonly code = 'EVENTS_EXPIRED' as const;
  readonly retentionDays: number;
  /** ISO 8601: the oldest time still kept, when the error was answered. */
  readonly oldestAvailable: string;
  constructor(init: ApiErrorInit & { retentionDays: number; oldestAvailable: string }) {
    super(init);
    this.retentionDays = init.retentionDays;
    this.oldestAvailable = init.oldestAvailable;
  }
}

/** No response within `timeoutMs` (per attempt), after the retries were used up. */
export class HostedJourneyTimeoutError extends HostedJourneyServerError {
  override readonly name = 'HostedJourneyTimeoutError' as const;
  readonly code = ClientErrorCode.TIMEOUT;
  readonly timeoutMs: number;
  constructor(operation: string, timeoutMs: number) {
    super(`${operation}: no response within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The connection failed (DNS, refused, reset), after the retries were used up. */
export class HostedJourneyNetworkError extends HostedJourneyServerError {
  override readonly name = 'HostedJourneyNetworkError' as const;
  readonly code = ClientErrorCode.NETWORK;
  constructor(operation: string, detail: string) {
    super(`${operation}: network error — ${detail}`);
  }
}

/**
 * A response body was larger than `maxResponseBytes`: refused from its Content-Length (`declared`) or once the bytes
 * counted while reading passed the limit. Not retried.
 */
export class ResponseTooLargeError extends HostedJourneyServerError {
  override readonly name = 'ResponseTooLargeError' as const;
  readonly code = ClientErrorCode.RESPONSE_TOO_LARGE;
  /** The limit in force, bytes. */
  readonly limit: number;
  /** The Content-Length the service declared, when that is what exceeded the limit. */
  readonly declared: number | undefined;
  constructor(operation: string, limit: number, declared?: number) {
    super(
      `${operation}: response body over ${limit} bytes (maxResponseBytes)` +
        (declared === undefined ? '' : `: Content-Length ${declared}`) +
        "; raise maxResponseBytes or use as: 'stream'",
    );
    this.limit = limit;
    this.declared = declared;
  }
}

/**
 * The service answered with a redirect. The client never follows one (a signature covers one path, and a redirect
 * could carry signed requests elsewhere), and does not retry it: check `baseUrl` (http→https, a missing path prefix).
 */
export class RedirectError extends HostedJourneyServerError {
  override readonly name = 'RedirectError' as const;
  readonly code = ClientErrorCode.REDIRECT;
  /** 301, 302, 303, 307 or 308; 0 when the runtime hides the response (an opaque redirect). */
  readonly status: number;
  /** The Location the service sent, when visible. */
  readonly location: string | undefined;
  constructor(operation: string, status: number, location: string | undefined) {
    super(
      `${operation}: the service redirected (${status || 'opaque redirect'}` +
        (location ? ` to ${safeLocation(location)}` : '') +
        '); the client does not follow redirects — check baseUrl',
    );
    this.status = status;
    this.location = location;
  }
}

/** Origin and path only in messages (a query may carry tokens). */
function safeLocation(location: string): string {
  try {
    const u = new URL(location, 'http://relative.invalid');
    return u.origin === 'http://relative.invalid' ? u.pathname : u.origin + u.pathname;
  } catch {
    return '(unparsable Location)';
  }
}

/**
 * `savePayment` refused before sending: the month breaks a credit-reporting rule this client can already tell (FHI
 * without the month's status; a month after the current one, or one past the 24 months repayment history is kept, on
 * this process's clock; and, for an account it has seen, FHI on a closed account or on a kind that may not carry it,
 * or a second `V` for one arrangement). `code` and `status` are what the service answers for the same month.
 * @example if (isPaymentRefusal(e) && e.code === 'SECOND_VARIATION') return keepTheFirstVariation();
 */
export class PaymentRefusedError extends HostedJourneyServerError {
  override readonly name = 'PaymentRefusedError' as const;
  readonly code: PaymentRefusalCode;
  /** The HTTP status the service answers the same refusal with (409 or 422). */
  readonly status: 409 | 422;
  readonly fields: readonly FieldIssue[];
  constructor(operation: string, refusal: PaymentRefusal) {
    super(`${operation}: refused before sending — ${refusal.code}: ${refusal.message}`);
    this.code = refusal.code;
    this.status = PAYMENT_REFUSAL_STATUS[refusal.code];
    this.fields = [{ path: refusal.path, message: refusal.message }];
  }
}

/**
 * A refused payment, whoever refused it: this client before sending (`PaymentRefusedError`) or the service
 * (`ApiError` with a refusal code). Either way `code` is a `PaymentRefusalCode`.
 */
export function isPaymentRefusal(
  value: unknown,
): value is (PaymentRefusedError | ApiError) & { code: PaymentRefusalCode } {
  return (
    isHostedJourneyServerError(value, 'PaymentRefusedError', 'ApiError') &&
    Object.hasOwn(PAYMENT_REFUSAL_STATUS, (value as { code: string }).code)
  );
}

/** Every error the client throws (except the caller's own AbortSignal reason). */
export type ClientError =
  | HostedJourneyValidationError
  | PaymentRefusedError
  | ApiError
  | HostedJourneyTimeoutError
  | HostedJourneyNetworkError
  | ResponseTooLargeError
  | RedirectError;

/**
 * `isHostedJourneyServerError(value, <each client error>)`: brand or code checked, so a platform error with the same
 * name (the `TimeoutError` DOMException of `AbortSignal.timeout()`) is not one.
 */
export function isClientError(value: unknown): value is ClientError {
  return isHostedJourneyServerError(
    value,
    'HostedJourneyValidationError',
    'PaymentRefusedError',
    'ApiError',
    'HostedJourneyTimeoutError',
    'HostedJourneyNetworkError',
    'ResponseTooLargeError',
    'RedirectError',
  );
}

/** `isHostedJourneyServerError(value, 'ApiError')`: ApiError and its subclasses. */
export function isApiError(value: unknown): value is ApiError {
  return isHostedJourneyServerError(value, 'ApiError');
}
