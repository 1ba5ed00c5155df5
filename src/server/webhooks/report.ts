/**
 * How the webhook handler names a failure when the integrator passed no `onError`: one `console.error` line with the
 * stage, the code, the event id and the error's message on one line — never a secret, a URL's credentials, a header
 * value or the body — and the event id an unverified delivery claims.
 */
import type { RawBody } from '../inputs/body.js';
import { hide, oneLine, safeMessage } from '../telemetry/logs.js';

const SAFE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const EVENT_ID = /"event_id"\s*:\s*"([A-Za-z0-9_.:-]{1,128})"/;

/**
 * The event id a delivery that failed verification claims to carry, for the log: its `webhook-id` header (Standard
 * Webhooks) or the `event_id` near the start of its body. Unverified, so only ids of safe characters are returned.
 */
export function claimedEventId(headers: unknown, body: RawBody): string | undefined {
  let id: unknown;
  try {
    id =
      typeof (headers as Headers)?.get === 'function'
        ? (headers as Headers).get('webhook-id')
        : (headers as Record<string, unknown> | undefined)?.['webhook-id'];
    if (typeof id !== 'string') {
      const head =
        typeof body === 'string'
          ? body.slice(0, 1024)
          : new TextDecoder().decode(
              (ArrayBuffer.isView(body)
                ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
                : new Uint8Array(body as ArrayBuffer)
              ).subarray(0, 1024),
            );
      id = EVENT_ID.exec(head)?.[1];
    }
  } catch {
    return undefined;
  }
  return typeof id === 'string' && SAFE_ID.test(id) ? id : undefined;
}

/** The first `n` stack frames of an error (its `at …` lines): where the integrator's own code threw. */
function firstFrames(error: unknown, n: number): string[] {
  const stack = (error as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return [];
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, n)
    .map((l) => oneLine(l, 200));
}

/** What the default line must not show of a handler's error: the event's values, by error (weakly held). */
const payloadOf = new WeakMap<object, readonly string[]>();

/** Remembers the event a handler's error came from, so the default line can hide its values. */
export function notePayload(error: unknown, event: unknown): void {
  if (typeof error !== 'object' || error === null) return;
  const values: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string' && v.length >= 3) values.push(v);
    else if (typeof v === 'number' && Number.isFinite(v) && String(v).length >= 3) values.push(String(v));
    else if (v && typeof v === 'object' && depth < 8)
      for (const x of Object.values(v as Record<string, unknown>)) walk(x, depth + 1);
  };
  const { event_id: _id, type: _type, ...rest } = (event ?? {}) as Record<string, unknown>;
  walk(rest, 0);
  payloadOf.set(error, values);
}

/**
 * The default `onError` of a handler whose keys hold `secrets`: one line with the stage, the code (the error's `code`,
 * or its class name), the event id and the error's message — a store's timeout, a lost lease, why verification failed.
 * For stage 'handler' — the integrator's own function threw — it also carries the first three frames of its stack, so
 * a first integration's bug is visible without `onError`, and every value of the event's payload is hidden too. Every
 * configured secret is shown as `***`.
 */
export const defaultLog =
  (secrets: readonly string[]) =>
  (error: unknown, info: { stage: string; eventId?: string }): void =>
    logWebhookError(error, info, secrets);

const STANDARD_HEADERS = /^webhook-(id|timestamp|signature)$/;
const HMAC_HEADERS = /^(authorization|date|content-md5)$/;

/** The usual cause of a verification failure, in words, for the default line. */
function verifyHint(code: string, header: unknown): string {
  if (code === 'BAD_SIGNATURE')
    return (
      ' — the signature covers the path with its query (behind a proxy that rewrites it, set verify.path to the path' +
      ' the sender signed) and the Content-Type; with both unchanged, the key is not the one the sender signs with'
    );
  if (code !== 'MISSING_HEADER' || typeof header !== 'string') return '';
  if (STANDARD_HEADERS.test(header))
    return (
      " — this handler verifies Standard Webhooks; for deliveries signed with the 'hmac' scheme" +
      " set verify.scheme: 'hmac'"
    );
  if (HMAC_HEADERS.test(header))
    return (
      " — this handler verifies the 'hmac' scheme; for Standard Webhooks deliveries" + " set verify.scheme: 'standard'"
    );
  return '';
}

export function logWebhookError(
  error: unknown,
  info: { stage: string; eventId?: string },
  secrets: readonly string[] = [],
): void {
  const e = error as { code?: unknown; name?: unknown; status?: unknown } | null;
  const raw = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : typeof error;
  const code = /^[\w.-]{1,64}$/.test(raw) ? raw : 'Error';
  const status = typeof e?.status === 'number' && info.stage === 'verify' ? ` (answered ${e.status})` : '';
  const handler = info.stage === 'handler' && typeof error === 'object' && error !== null;
  const hidden = handler ? [...secrets, ...(payloadOf.get(error) ?? [])] : secrets;
  const message = safeMessage(error, hidden);
  const frames = handler ? firstFrames(error, 3).map((f) => hide(f, hidden)) : [];
  const hint = info.stage === 'verify' ? verifyHint(code, (error as { header?: unknown } | null)?.header) : '';
  const detail = `${message ? `: ${message}` : ''}${hint}${frames.length ? ` | ${frames.join(' | ')}` : ''}`;
  console.error(
    `hosted-journey-server: webhook ${info.stage} failed: ${code}${status}, event ${info.eventId ?? 'unknown'}` +
      `${detail} (no onError)`,
  );
}
