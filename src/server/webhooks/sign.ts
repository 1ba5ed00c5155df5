/** Producing valid deliveries for either scheme: used by the sandbox's sender and by integrators' own tests. */
import type { CryptoProvider } from '../crypto/provider.js';
import { ServerConfigError } from '../errors.js';
import { toRawBody } from '../inputs/body.js';
import { timeOf } from '../inputs/time.js';
import { signHmac } from '../schemes/hmac.js';
import { signStandard } from '../schemes/standard.js';
import type { WebhookScheme } from './verify.js';

export interface SignWebhookOptions {
  /**
   * The event object (serialised with JSON.stringify) or the exact body to send.
   * @example { event_id: 'evt_1', type: 'application.completed', ... }
   */
  payload: object | string | Uint8Array;
  /** 'hmac' (default) or 'standard'. */
  scheme?: WebhookScheme;
  /** 'hmac': token id in the Authorization header; 'standard': unused. @example 'wh_1' */
  tokenId?: string;
  /** 'hmac': the signing secret; 'standard': `whsec_<base64>`. @example 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' */
  secret: string;
  /** 'hmac' only: the receiver's path with query, as registered. @example '/webhooks' */
  path?: string;
  /** 'standard' only: the `webhook-id`. Default: the payload's `event_id`. */
  id?: string;
  /** Signing time. Default now. @example new Date('2026-11-22T00:00:00Z') */
  timestamp?: Date | number;
}

export interface SignedWebhook {
  /** The exact body to send. */
  body: string | Uint8Array;
  /** Headers to send with it (lower-case names). */
  headers: Record<string, string>;
}

/** One Promise per call; with a synchronous HMAC nothing inside waits on a microtask. */
export function signWebhookWith(provider: CryptoProvider, o: SignWebhookOptions): Promise<SignedWebhook> {
  try {
    const isObject = typeof o?.payload === 'object' && o.payload !== null && !(o.payload instanceof Uint8Array);
    const body = isObject ? JSON.stringify(o.payload) : toRawBody(o?.payload);
    const when = o?.timestamp === undefined ? Date.now() : timeOf(o.timestamp);
    if (!Number.isFinite(when))
      throw new ServerConfigError('timestamp', 'timestamp must be a valid Date or epoch milliseconds');
    const scheme = o.scheme ?? 'hmac';
    if (scheme === 'hmac') {
      if (typeof o.path !== 'string') throw new ServerConfigError('path', "path is required for the 'hmac' scheme");
      if (typeof o.tokenId !== 'string')
        throw new ServerConfigError('tokenId', "tokenId is required for the 'hmac' scheme");
      return signHmac(
        provider,
        { method: 'POST', path: o.path, body, date: when, tokenId: o.tokenId, secret: o.secret },
        (headers) => ({ body, headers }),
      );
    }
    if (scheme !== 'standard') throw new ServerConfigError('scheme', "scheme must be 'hmac' or 'standard'");
    const id = o.id ?? (isObject ? (o.payload as { event_id?: unknown }).event_id : undefined);
    if (typeof id !== 'string' || id === '')
      throw new ServerConfigError('id', "id is required for the 'standard' scheme (or a payload with event_id)");
    return signStandard(provider, { body, id, timeMs: when, secret: o.secret }); // checked by signingKey
  } catch (e) {
    return Promise.reject(e);
  }
}
