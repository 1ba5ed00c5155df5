/** Provider-independent public names, re-exported by both entries (index.ts and web.ts). */
export {
  SignatureVerificationError,
  SignatureVerificationErrorCode,
  WebhookVerificationError,
  WebhookVerificationErrorCode,
  isSignatureVerificationError,
  isWebhookVerificationError,
  ServerConfigError,
  isServerConfigError,
} from './errors.js';
export type { HeadersInput, RawBody, VerificationKey, Tolerance, Clock } from './inputs.js';
export type { SignRequestOptions, SignedHeaders, VerifyRequestOptions, VerifiedRequest } from './signing.js';
export type { CryptoProvider } from './crypto/provider.js';
