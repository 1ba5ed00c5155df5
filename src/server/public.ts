/**
 * The root entry's provider-independent names: what most integrators import — the client's and the handler's options,
 * verification, every error with its guard, the webhook events. The rest leaves by the entry named for its concern:
 * `./stores/index.ts` (`hosted-journey-server/stores`), `./telemetry/index.ts` (`/telemetry`), `./testing.ts`
 * (`/testing`), `./types.ts` (`/types`). test/server/entries.test.ts holds the root to its budget of names.
 */
// errors.ts is the entries' error surface as a whole: every name it exports is public.
export * from './errors.js';
export type { VerificationKey } from './inputs/keys.js';
export type { SignRequestOptions, SignedHeaders } from './requests.js';
export {
  HostedJourneyValidationError,
  ApiError,
  AuthenticationError,
  RateLimitError,
  ConsentInactiveError,
  HostedJourneyTimeoutError,
  HostedJourneyNetworkError,
  ResponseTooLargeError,
  RedirectError,
  PaymentRefusedError,
  isPaymentRefusal,
  ClientErrorCode,
  isClientError,
  isApiError,
} from './client/errors.js';
export type { FieldIssue, ClientError, ApiErrorCode, KnownApiErrorCode } from './client/errors.js';
export { PaymentRefusalCode } from '../protocol/credit.js';
export type { ClientOptions } from './client/client.js';
export type { CallOptions, HostedJourneyClient } from './client/types.js';
export { toFetchHandler, toNodeHandler } from './webhooks/adapters.js';
export type { WebhookHandler } from './webhooks/handler.js';
export type { WebhookHandlerOptions, WebhookHandlers, WebhookContext } from './webhooks/handler-options.js';
export type {
  WebhookScheme,
  WebhookVerifyOptions,
  VerifyWebhookOptions,
  VerifiedWebhook,
  VerifiedWebhookSignature,
  WebhookVerifier,
} from './webhooks/verify.js';
export type {
  WebhookEvent,
  KnownWebhookEvent,
  GenericWebhookEvent,
  KnownWebhookType,
  KnownOrGenericWebhookEvent,
  CrawlerLifecycleStatus,
} from '../protocol/webhooks.js';
