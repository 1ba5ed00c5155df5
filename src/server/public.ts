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
export {
  ValidationError,
  ApiError,
  AuthenticationError,
  RateLimitError,
  TimeoutError,
  NetworkError,
  ClientErrorCode,
  isClientError,
  isApiError,
} from './client/errors.js';
export type { FieldIssue } from './client/errors.js';
export type { ClientOptions, CallOptions, HostedJourneyClient } from './client/client.js';
export type { RetryOptions } from './client/retry.js';
