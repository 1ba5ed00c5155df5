/**
 * The service's request-signing scheme [doc], shared by the backend client, the webhook verifier and the sandbox.
 * Pure string work only: hashing and HMAC live behind the crypto providers in src/server.
 *
 * String to sign: [METHOD, Content-MD5, Content-Type, Date, pathWithQuery].join('\n'),
 * HMAC-SHA256 with the signing secret, base64; sent as `Authorization: HMAC <tokenId>:<signature>`.
 */
export const HEADERS = {
  date: 'date',
  contentMd5: 'content-md5',
  contentType: 'content-type',
  authorization: 'authorization',
  idempotencyKey: 'idempotency-key',
  requestId: 'x-request-id',
  retryAfter: 'retry-after',
  /** Standard Webhooks scheme (alternative for webhook deliveries). */
  webhookId: 'webhook-id',
  webhookTimestamp: 'webhook-timestamp',
  webhookSignature: 'webhook-signature',
} as const;

export const AUTH_SCHEME = 'HMAC';
export const DEFAULT_CONTENT_TYPE = 'application/json';
/** Base64 MD5 of the empty string: the Content-MD5 of every bodiless request. */
export const EMPTY_BODY_MD5 = '1B2M2Y8AsgTpgAmY7PhCfg==';

/** Clock skew accepted by verifiers, seconds [ours]; each side configurable. */
export const DEFAULT_TOLERANCE = { pastSec: 300, futureSec: 300 } as const;

export interface StringToSignParts {
  method: string;
  contentMd5: string;
  contentType: string;
  /** RFC 1123 date in GMT, e.g. `Sun, 22 Nov 2026 00:00:00 GMT`. */
  date: string;
  /** Path including the query string, e.g. `/api/v1/applications/app_123/bundle?format=json`. */
  pathWithQuery: string;
}

export function stringToSign(parts: StringToSignParts): string {
  const { method, contentMd5, contentType, date, pathWithQuery } = parts;
  return `${method.toUpperCase()}\n${contentMd5}\n${contentType}\n${date}\n${pathWithQuery}`;
}

/** RFC 1123 / IMF-fixdate, always GMT. */
export function formatHttpDate(date: Date): string {
  return date.toUTCString();
}

const IMF_FIXDATE = new RegExp(
  '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ' +
    '\\d{4} \\d{2}:\\d{2}:\\d{2} GMT$',
);

/** Parses an RFC 1123 date strictly; returns epoch milliseconds or `null`. */
export function parseHttpDate(value: string): number | null {
  if (!IMF_FIXDATE.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export function formatAuthorization(tokenId: string, signatureBase64: string): string {
  return `${AUTH_SCHEME} ${tokenId}:${signatureBase64}`;
}

const AUTH_PATTERN = /^HMAC ([A-Za-z0-9._-]{1,128}):([A-Za-z0-9+/]{43}=)$/;

/** Parses `HMAC <tokenId>:<base64 signature>`; `null` when malformed. */
export function parseAuthorization(value: string): { tokenId: string; signature: string } | null {
  const m = AUTH_PATTERN.exec(value.trim());
  return m ? { tokenId: m[1]!, signature: m[2]! } : null;
}
