/** Webhook verification with the event validated against the payload schemas (src/protocol/webhooks.ts). */
import { type KnownOrGenericWebhookEvent, parseWebhookEvent } from '../../protocol/webhooks.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { SignatureVerificationError } from '../errors.js';
import { type VerifyWebhookOptions, checkDelivery, parseJson, settle } from './verify-signature.js';

export type { WebhookScheme, WebhookVerifyOptions, VerifyWebhookOptions } from './verify-signature.js';

/**
 * The validated event, discriminated by `known` (whether its `type` is one this SDK version knows): after
 * `if (v.known && v.event.type === 'consent.authorised')`, `v.event.data.consent_id` is typed.
 */
export type VerifiedWebhook = KnownOrGenericWebhookEvent & {
  /** The `tokenId` of the key that matched (useful while rotating). */
  tokenId: string;
};

export function verifyWebhookWith(provider: CryptoProvider, o: VerifyWebhookOptions): Promise<VerifiedWebhook> {
  return settle(() => checkDelivery(provider, o), ({ body, tokenId }) => {
    const r = parseWebhookEvent(parseJson(body));
    if (!r.ok) throw new SignatureVerificationError('INVALID_PAYLOAD', `the signed body is not a valid event: ${r.detail}`);
    return r.known ? { known: true, event: r.event, tokenId } : { known: false, event: r.event, tokenId };
  });
}
