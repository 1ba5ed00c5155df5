/** Binds the provider-independent functions to one CryptoProvider; each entry calls this once. */
import type { CryptoProvider } from './crypto/provider.js';
import { type SignRequestOptions, type SignedHeaders, type VerifiedRequest, type VerifyRequestOptions, signRequestWith, verifyRequestWith } from './signing.js';

export function bindProvider(provider: CryptoProvider) {
  return {
    signRequest: (o: SignRequestOptions): Promise<SignedHeaders> => signRequestWith(provider, o),
    verifyRequest: (o: VerifyRequestOptions): Promise<VerifiedRequest> => verifyRequestWith(provider, o),
  };
}
