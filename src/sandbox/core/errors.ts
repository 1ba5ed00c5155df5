/**
 * Every error the sandbox answers with: one code → one HTTP status. docs/sandbox.md lists the same table.
 * Response body: `{ error: { code, message, request_id, fields? } }`.
 */
import { PAYMENT_REFUSAL_STATUS, PaymentRefusalCode as P } from '../../protocol/credit.js';
import { SignatureVerificationErrorCode as S } from '../../server/index.js';

export const SandboxErrorCode = {
  INVALID_JSON: 'INVALID_JSON',
  BAD_REQUEST: 'BAD_REQUEST',
  // 401: the signature codes of src/server's verifyRequest pass through unchanged (one definition, there).
  MISSING_HEADER: S.MISSING_HEADER,
  MALFORMED_HEADER: S.MALFORMED_HEADER,
  UNKNOWN_KEY: S.UNKNOWN_KEY,
  BAD_SIGNATURE: S.BAD_SIGNATURE,
  BODY_DIGEST_MISMATCH: S.BODY_DIGEST_MISMATCH,
  TIMESTAMP_TOO_OLD: S.TIMESTAMP_TOO_OLD,
  TIMESTAMP_IN_FUTURE: S.TIMESTAMP_IN_FUTURE,
  UNAUTHORISED: 'UNAUTHORISED',
  INVALID_SESSION: 'INVALID_SESSION',
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  HOST_NOT_ALLOWED: 'HOST_NOT_ALLOWED',
  INVALID_FORM_TOKEN: 'INVALID_FORM_TOKEN',
  PARENT_ORIGIN_NOT_ALLOWED: 'PARENT_ORIGIN_NOT_ALLOWED',
  NOT_FOUND: 'NOT_FOUND',
  APPLICATION_NOT_FOUND: 'APPLICATION_NOT_FOUND',
  CONSENT_NOT_FOUND: 'CONSENT_NOT_FOUND',
  ENQUIRY_NOT_FOUND: 'ENQUIRY_NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  WEBHOOK_NOT_FOUND: 'WEBHOOK_NOT_FOUND',
  EVENT_NOT_FOUND: 'EVENT_NOT_FOUND',
  INSTITUTION_NOT_FOUND: 'INSTITUTION_NOT_FOUND',
  JOURNEY_SESSION_NOT_FOUND: 'JOURNEY_SESSION_NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  APPLICATION_NOT_STARTED: 'APPLICATION_NOT_STARTED',
  NO_INSTITUTION: 'NO_INSTITUTION',
  PATHWAY_MISMATCH: 'PATHWAY_MISMATCH',
  INSTITUTION_LOCKED: 'INSTITUTION_LOCKED',
  IDENTITY_LOCKED: 'IDENTITY_LOCKED',
  CONSENT_ALREADY_DECIDED: 'CONSENT_ALREADY_DECIDED',
  RENEWAL_CANCELLED: 'RENEWAL_CANCELLED',
  CONSENT_NOT_ACTIVE: 'CONSENT_NOT_ACTIVE',
  CONSENT_EXPIRED: 'CONSENT_EXPIRED',
  CONSENT_REVOKED: 'CONSENT_REVOKED',
  OTP_NOT_REQUESTED: 'OTP_NOT_REQUESTED',
  DATA_NOT_RETRIEVED: 'DATA_NOT_RETRIEVED',
  REPORT_NOT_READY: 'REPORT_NOT_READY',
  NO_ENQUIRY: 'NO_ENQUIRY',
  ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
  UNKNOWN_DEFAULT: 'UNKNOWN_DEFAULT',
  DEFAULT_CLOSED: 'DEFAULT_CLOSED',
  // 409, 422: a month's payment refused; the client refuses the same before sending (one list, src/protocol/credit.ts).
  HARDSHIP_WITHOUT_REPAYMENT: P.HARDSHIP_WITHOUT_REPAYMENT,
  SECOND_VARIATION: P.SECOND_VARIATION,
  HARDSHIP_ON_CLOSED_ACCOUNT: P.HARDSHIP_ON_CLOSED_ACCOUNT,
  HARDSHIP_NOT_PERMITTED: P.HARDSHIP_NOT_PERMITTED,
  REPAYMENT_HISTORY_NOT_PERMITTED: P.REPAYMENT_HISTORY_NOT_PERMITTED,
  MONTH_IN_FUTURE: P.MONTH_IN_FUTURE,
  MONTH_PAST_RETENTION: P.MONTH_PAST_RETENTION,
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  WEBHOOK_LIMIT_REACHED: 'WEBHOOK_LIMIT_REACHED',
  EVENTS_EXPIRED: 'EVENTS_EXPIRED',
  ASSETS_NOT_BUILT: 'ASSETS_NOT_BUILT',
  INTERNAL: 'INTERNAL',
} as const;
export type SandboxErrorCode = (typeof SandboxErrorCode)[keyof typeof SandboxErrorCode];

const C = SandboxErrorCode;
/** HTTP status of each code. */
export const ERROR_STATUS: Record<SandboxErrorCode, number> = {
  [C.INVALID_JSON]: 400,
  [C.BAD_REQUEST]: 400,
  [C.MISSING_HEADER]: 401,
  [C.MALFORMED_HEADER]: 401,
  [C.UNKNOWN_KEY]: 401,
  [C.BAD_SIGNATURE]: 401,
  [C.BODY_DIGEST_MISMATCH]: 401,
  [C.TIMESTAMP_TOO_OLD]: 401,
  [C.TIMESTAMP_IN_FUTURE]: 401,
  [C.UNAUTHORISED]: 401,
  [C.INVALID_SESSION]: 401,
  [C.FORBIDDEN_ORIGIN]: 403,
  [C.HOST_NOT_ALLOWED]: 403,
  [C.INVALID_FORM_TOKEN]: 403,
  [C.PARENT_ORIGIN_NOT_ALLOWED]: 403,
  [C.NOT_FOUND]: 404,
  [C.APPLICATION_NOT_FOUND]: 404,
  [C.CONSENT_NOT_FOUND]: 404,
  [C.ENQUIRY_NOT_FOUND]: 404,
  [C.ACCOUNT_NOT_FOUND]: 404,
  [C.WEBHOOK_NOT_FOUND]: 404,
  [C.EVENT_NOT_FOUND]: 404,
  [C.INSTITUTION_NOT_FOUND]: 404,
  [C.JOURNEY_SESSION_NOT_FOUND]: 404,
  [C.METHOD_NOT_ALLOWED]: 405,
  [C.APPLICATION_NOT_STARTED]: 409,
  [C.NO_INSTITUTION]: 409,
  [C.PATHWAY_MISMATCH]: 409,
  [C.INSTITUTION_LOCKED]: 409,
  [C.IDENTITY_LOCKED]: 409,
  [C.CONSENT_ALREADY_DECIDED]: 409,
  [C.RENEWAL_CANCELLED]: 409,
  [C.CONSENT_NOT_ACTIVE]: 409,
  [C.CONSENT_EXPIRED]: 409,
  [C.CONSENT_REVOKED]: 409,
  [C.OTP_NOT_REQUESTED]: 409,
  [C.DATA_NOT_RETRIEVED]: 409,
  [C.REPORT_NOT_READY]: 409,
  [C.NO_ENQUIRY]: 409,
  [C.ACCOUNT_CLOSED]: 409,
  [C.UNKNOWN_DEFAULT]: 409,
  [C.DEFAULT_CLOSED]: 409,
  ...PAYMENT_REFUSAL_STATUS,
  [C.IDEMPOTENCY_KEY_REUSED]: 409,
  [C.PAYLOAD_TOO_LARGE]: 413,
  [C.UNSUPPORTED_MEDIA_TYPE]: 415,
  [C.VALIDATION_FAILED]: 422,
  [C.EVENTS_EXPIRED]: 410,
  [C.WEBHOOK_LIMIT_REACHED]: 422,
  [C.ASSETS_NOT_BUILT]: 500,
  [C.INTERNAL]: 500,
};

export interface FieldError {
  path: string;
  message: string;
}

/** Thrown by handlers; the router turns it into the JSON error body with the code's status. */
export class SandboxHttpError extends Error {
  override readonly name = 'SandboxHttpError' as const;
  readonly code: SandboxErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;
  /** More of the error body, e.g. `consent: { consent_id, status }` of a refused data pull. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: SandboxErrorCode, message: string, fields?: FieldError[], extra?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
    this.extra = extra;
  }
}

/** Realm-safe guard (compares `name`, not the prototype). */
export function isSandboxHttpError(value: unknown): value is SandboxHttpError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'SandboxHttpError';
}

/** Shorthand for a 422 on one field. */
export function fieldError(path: string, message: string): SandboxHttpError {
  return new SandboxHttpError(C.VALIDATION_FAILED, `${path}: ${message}`, [{ path, message }]);
}

/**
 * A `startSandbox` option that cannot work (a port out of range, a rate outside 0–1, a duration that is not a finite
 * number of milliseconds…), thrown before anything listens. A `RangeError`, so `instanceof RangeError` holds too.
 */
export class SandboxOptionError extends RangeError {
  override readonly name = 'SandboxOptionError' as const;
  readonly code = 'INVALID_OPTION' as const;
  /** The option's path, e.g. `webhookRetry.attempts`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(`${option} ${message}`);
    this.option = option;
  }
}

/** Realm-safe guard (compares `name`). */
export function isSandboxOptionError(value: unknown): value is SandboxOptionError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'SandboxOptionError';
}
