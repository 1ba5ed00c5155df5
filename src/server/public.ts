/** Provider-independent public names, re-exported by both entries (index.ts and web.ts). */
// errors.ts is the entries' error surface as a whole: every name it exports is public.
export * from './errors.js';
export type { HeadersInput } from './inputs/headers.js';
export type { RawBody } from './inputs/body.js';
export type { VerificationKey } from './inputs/keys.js';
export type { Tolerance, Clock } from './inputs/time.js';
export type { SignRequestOptions, SignedHeaders, VerifyRequestOptions, VerifiedRequest } from './requests.js';
export type { CryptoProvider } from './crypto/provider.js';
export type { Logger, OpenTelemetryApi, TelemetryOptions } from './telemetry/types.js';
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
export type {
  CallOptions,
  DownloadOptions,
  HostedJourneyClient,
  VendorRef,
  BytesDownload,
  StreamDownload,
  StartApplicationRequest,
  AttachInstitutionRequest,
  CreateConsentRequest,
  FinaliseRequest,
  DownloadBundleRequest,
  LodgeEnquiryRequest,
  GetReportRequest,
  DownloadReportRequest,
  CreateAccountRequest,
  UpdateAccountRequest,
  CloseAccountRequest,
  SavePaymentRequest,
  RegisterDefaultRequest,
  UpdateDefaultRequest,
  RegisterWebhookRequest,
  WebhookRegistration,
  AustralianState,
  CreditProduct,
  EnquiryType,
  ScoreBand,
  Applicant,
  CreditReportEnquiry,
  CreditReportAccount,
  CreditReportDefault,
  RepaymentHistoryEntry,
  HardshipHistoryEntry,
  HardshipInfo,
  CreditReportNotice,
  ListConsentsRequest,
  RenewConsentRequest,
  RevokeConsentRequest,
  GetInstitutionRequest,
  EnquiryResponse,
  CreditReportResponse,
  AccountResponse,
  PaymentResponse,
  DefaultResponse,
} from './client/types.js';
export type { RetryOptions } from './client/retry.js';
export type {
  Pathway,
  BundleFormat,
  RepaymentCode,
  LegacyRepaymentCode,
  HardshipCode,
  AccountKind,
  ApplicationResponse,
  ConsentResponse,
  ConsentView,
  ConsentListResponse,
  InstitutionResponse,
  FinaliseResponse,
} from '../protocol/api.js';
export { toFetchHandler, toNodeHandler } from './webhooks/adapters.js';
export type {
  WebhookAdapterOptions,
  FetchHandlerOptions,
  NodeHandlerOptions,
  NodeRequestLike,
  NodeResponseLike,
} from './webhooks/adapters.js';
export type { WebhookHandler, WebhookDelivery } from './webhooks/handler.js';
export type {
  WebhookHandlerOptions,
  WebhookHandlers,
  WebhookContext,
  WebhookContextBase,
  WebhookDbContext,
} from './webhooks/handler-options.js';
export type { WebhookResult, WebhookOutcome, WebhookErrorStage } from './webhooks/delivery.js';
export type {
  WebhookScheme,
  WebhookVerifyOptions,
  VerifyWebhookOptions,
  VerifiedWebhook,
  VerifiedWebhookSignature,
  WebhookVerifier,
  WebhookDeliveryInput,
} from './webhooks/verify.js';
export type { SignWebhookOptions, SignedWebhook } from './webhooks/sign.js';
export { MemoryDedupeStore } from './stores/memory.js';
export type { MemoryDedupeStoreOptions } from './stores/memory.js';
export { RedisDedupeStore } from './stores/redis.js';
export type { RedisClusterLikeClient, RedisDedupeStoreOptions, RedisLikeClient } from './stores/redis.js';
export { PostgresInbox } from './stores/postgres.js';
export type {
  PostgresInboxOptions,
  PruneOptions,
  PgClientLike,
  PgPoolClientLike,
  PgPoolLike,
} from './stores/postgres.js';
export type { DedupeStore, ClaimResult, InboxStore, InboxTransaction } from './stores/types.js';
export type {
  WebhookEvent,
  KnownWebhookEvent,
  GenericWebhookEvent,
  KnownWebhookType,
  KnownOrGenericWebhookEvent,
  CrawlerLifecycleStatus,
  CustomerLocale,
} from '../protocol/webhooks.js';
export type {
  ConsentStatus,
  KnownConsentStatus,
  RevokedBy,
  KnownRevokedBy,
  AbandonReason,
  KnownAbandonReason,
  UnknownValue,
} from '../protocol/consents.js';
export type { ApplicationStatus, KnownApplicationStatus } from '../protocol/applications.js';
