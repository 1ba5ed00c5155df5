/**
 * What `createWebhookHandler` checks once at creation (its `verify` options) and how it reports failures when the
 * integrator passed no `onError`: one `console.error` line with the stage, the code and the event id — never the
 * error's message, a secret, a header value or the body.
 */
import type { CryptoProvider } from '../crypto/provider.js';
import { ServerConfigError, isServerConfigError } from '../errors.js';
import type { RawBody } from '../inputs/body.js';
import { resolveKeys } from '../inputs/keys.js';
import { resolveTolerance } from '../inputs/time.js';
import { standardKey } from '../schemes/standard.js';
import type { WebhookVerifyOptions } from './verify.js';

/**
 * The `verify` options of a handler, checked when it is created (as `createClient` checks its own): keys present, each
 * secret a non-empty trimmed string (`whsec_<base64>` for `'standard'`), a known scheme, a path starting with `/`, a
 * usable tolerance. Throws `ServerConfigError` naming the field (`verify.keys[0].secret`), never the secret.
 */
export function checkVerifyOptions(provider: CryptoProvider, v: WebhookVerifyOptions): void {
  try {
    if (v.scheme !== undefined && v.scheme !== 'hmac' && v.scheme !== 'standard')
      throw new ServerConfigError('scheme', "scheme must be 'hmac' or 'standard'");
    const { list } = resolveKeys(v.keys);
    if (v.scheme === 'standard') list.forEach((k, i) => void standardKey(provider, k.secret, `keys[${i}].secret`));
    if (v.path !== undefined && (typeof v.path !== 'string' || !v.path.startsWith('/')))
      throw new ServerConfigError('path', "path must start with '/' (the path the sender signed), e.g. '/webhooks'");
    resolveTolerance(v.tolerance);
  } catch (e) {
    if (isServerConfigError(e))
      throw new ServerConfigError(`verify.${e.field}`, `createWebhookHandler: verify.${e.message}`);
    throw e;
  }
}

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
