/** Webhook verification with the event validated against the payload schemas (src/protocol/webhooks.ts). */
import { type WebhookEvent, parseWebhookEvent } from '../../protocol/webhooks.js';
import type { CryptoProvider } from '../crypto/provider.js';
import { SignatureVerificationError } from '../errors.js';
import { type VerifyWebhookOptions, checkDelivery, parseJson, settle } from './verify-signature.js';

export type { WebhookScheme, WebhookVerifyOptions, VerifyWebhookOptions } from './verify-signature.js';

export interface VerifiedWebhook {
  /** The validated event; `known` tells whether its `type` is one this SDK version knows. */
  event: WebhookEvent;
  known: boolean;
  /** The `tokenId` of the key that matched (useful while rotating). */
  tokenId: string;
}

export function verifyWebhookWith(provider: CryptoProvider, o: VerifyWebhookOptions): Promise<VerifiedWebhook> {
  return settle(() => checkDelivery(provider, o), ({ body, tokenId }) => {
    const r = parseWebhookEvent(parseJson(body));
    if (!r.ok) throw new SignatureVerificationError('INVALID_PAYLOAD', `the signed body is not a valid event: ${r.detail}`);
    return { event: r.event, known: r.known, tokenId };
  });
}
