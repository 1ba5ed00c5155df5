/** Binds the provider-independent functions to one CryptoProvider; each entry calls this once. */
import type { CryptoProvider } from './crypto/provider.js';
import { type ClientOptions, type HostedJourneyClient, createClientWith } from './client/client.js';
import { type SignRequestOptions, type SignedHeaders, type VerifiedRequest, type VerifyRequestOptions, signRequestWith, verifyRequestWith } from './signing.js';
import { type WebhookHandler, type WebhookHandlerOptions, createWebhookHandlerWith } from './webhooks/handler.js';
import { type SignWebhookOptions, type SignedWebhook, signWebhookWith } from './webhooks/sign.js';
import { type VerifiedWebhook, type VerifyWebhookOptions, verifyWebhookWith } from './webhooks/verify.js';

export function bindProvider(provider: CryptoProvider) {
  const signRequest = (o: SignRequestOptions): Promise<SignedHeaders> => signRequestWith(provider, o);
  const verifyWebhook = (o: VerifyWebhookOptions): Promise<VerifiedWebhook> => verifyWebhookWith(provider, o);
  return {
    signRequest,
    verifyRequest: (o: VerifyRequestOptions): Promise<VerifiedRequest> => verifyRequestWith(provider, o),
    createClient: (o: ClientOptions): HostedJourneyClient => createClientWith(signRequest, o),
    verifyWebhook,
    signWebhook: (o: SignWebhookOptions): Promise<SignedWebhook> => signWebhookWith(provider, o),
    createWebhookHandler: (o: WebhookHandlerOptions): WebhookHandler => createWebhookHandlerWith(verifyWebhook, o),
  };
}
