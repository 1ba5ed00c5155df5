/**
 * Errors of signature verification (inbound API requests and webhook deliveries) and of misconfiguration.
 * Guards compare `name`, not `instanceof`, so they work across realms and duplicate package copies.
 * No message ever contains a secret, a signature or an Authorization header value.
 */
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
export type SignatureVerificationErrorCode = (typeof SignatureVerificationErrorCode)[keyof typeof SignatureVerificationErrorCode];

/** Codes meaning "the request is not well-formed" (HTTP 400); all others mean "not authentic / not fresh" (401). */
const MALFORMED_CODES = /^(MISSING_HEADER|MALFORMED_HEADER|PARSED_BODY|INVALID_PAYLOAD)$/;

/** A request or webhook delivery failed verification. `status` is the HTTP status a receiver should answer with. */
export class SignatureVerificationError extends Error {
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

/** Webhook deliveries fail with the same class as inbound requests. */
export { SignatureVerificationError as WebhookVerificationError };
export { SignatureVerificationErrorCode as WebhookVerificationErrorCode };

export function isSignatureVerificationError(value: unknown): value is SignatureVerificationError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'SignatureVerificationError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
export { isSignatureVerificationError as isWebhookVerificationError };

/** An option passed to the server helper is missing or unusable (e.g. a secret with surrounding whitespace). */
export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError' as const;
  readonly code = 'INVALID_OPTION' as const;
  /** The option that was wrong, e.g. `keys[0].secret`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export function isServerConfigError(value: unknown): value is ServerConfigError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ServerConfigError';
}
