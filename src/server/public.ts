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
  ResponseTooLargeError,
  RedirectError,
  ClientErrorCode,
  isClientError,
  isApiError,
} from './client/errors.js';
export type { FieldIssue } from './client/errors.js';
export type { ClientOptions, CallOptions, DownloadOptions, HostedJourneyClient } from './client/client.js';
export type { RetryOptions } from './client/retry.js';
export { toFetchHandler, toNodeHandler } from './webhooks/adapters.js';
export type { WebhookAdapterOptions, FetchHandlerOptions, NodeHandlerOptions, NodeRequestLike, NodeResponseLike } from './webhooks/adapters.js';
export type { WebhookHandler, WebhookHandlerOptions, WebhookHandlers, WebhookContext, WebhookDelivery, WebhookResult, WebhookOutcome, WebhookErrorStage } from './webhooks/handler.js';
export type { WebhookScheme, WebhookVerifyOptions, VerifyWebhookOptions, VerifiedWebhook } from './webhooks/verify.js';
export type { VerifiedWebhookSignature } from './webhooks/verify-signature.js';
export type { SignWebhookOptions, SignedWebhook } from './webhooks/sign.js';
export { MemoryDedupeStore } from './stores/memory.js';
export type { MemoryDedupeStoreOptions } from './stores/memory.js';
export { RedisDedupeStore } from './stores/redis.js';
export type { RedisDedupeStoreOptions, RedisLikeClient } from './stores/redis.js';
export type { DedupeStore, ClaimResult } from './stores/types.js';
export type { WebhookEvent, KnownWebhookEvent, GenericWebhookEvent, KnownWebhookType } from '../protocol/webhooks.js';
