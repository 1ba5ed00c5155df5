/**
 * `hosted-journey-server/testing`: the service's side of each signature, for your tests and for a stand-in of the
 * service — `signWebhook` signs a delivery as the service does, `verifyRequest` checks a request as the service does.
 * Built with the same provider as the root entry (Node or Web Crypto, scripts/build.mjs).
 */
import { provider } from './crypto/selected.js';
import { type VerifiedRequest, type VerifyRequestOptions, verifyRequestWith } from './requests.js';
import { type SignWebhookOptions, type SignedWebhook, signWebhookWith } from './webhooks/sign.js';

export type { SignWebhookOptions, SignedWebhook } from './webhooks/sign.js';
export type { VerifyRequestOptions, VerifiedRequest } from './requests.js';

/**
 * Produces a valid delivery (body + headers) for either scheme, e.g. for your own tests of your webhook handler.
 * @example const { body, headers } = await signWebhook({ payload: event, secret: 'sandbox_secret',
 *   tokenId: 'sandbox_token', path: '/webhooks' });
 */
export function signWebhook(o: SignWebhookOptions): Promise<SignedWebhook> {
  return signWebhookWith(provider, o);
}
/**
 * Verifies a signed inbound request as the service does; resolves to the matching `{ tokenId }` or rejects with
 * `SignatureVerificationError`.
 */
export function verifyRequest(o: VerifyRequestOptions): Promise<VerifiedRequest> {
  return verifyRequestWith(provider, o);
}
