/**
 * How the webhook handler names a failure when the integrator passed no `onError`: one `console.error` line with the
 * stage, the code and the event id — never the error's message, a secret, a header value or the body — and the event
 * id an unverified delivery claims.
 */
import type { RawBody } from '../inputs/body.js';

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

/** The default `onError`: one line; the code is the error's `code` (or its class name), never its message. */
export function logWebhookError(error: unknown, info: { stage: string; eventId?: string }): void {
  const e = error as { code?: unknown; name?: unknown; status?: unknown } | null;
  const raw = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : typeof error;
  const code = /^[\w.-]{1,64}$/.test(raw) ? raw : 'Error';
  const status = typeof e?.status === 'number' && info.stage === 'verify' ? ` (answered ${e.status})` : '';
  console.error(
    `hosted-journey-server: webhook ${info.stage} failed: ${code}${status}, event ${info.eventId ?? 'unknown'}` +
      ' (no onError)',
  );
}
