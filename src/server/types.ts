/**
 * `hosted-journey-server/types`: the named types the root's functions take and give beyond their main options — each
 * endpoint's request and answer, the parts of the handler's, the adapters' and the verifier's options, the values the
 * service's answers carry. Types only: nothing here runs.
 */
export type { HeadersInput } from './inputs/headers.js';
export type { RawBody } from './inputs/body.js';
export type { Tolerance, Clock } from './inputs/time.js';
export type { CryptoProvider } from './crypto/provider.js';
export type { RetryOptions } from './client/retry.js';
export type {
  DownloadOptions,
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
  GetJourneySessionRequest,
  ListJourneySessionsRequest,
  EnquiryResponse,
  CreditReportResponse,
  AccountResponse,
  PaymentResponse,
  DefaultResponse,
  ListEventsRequest,
  RecoverWebhookRequest,
  ResendEventRequest,
  ListDeliveriesRequest,
  Event,
  DeliveryAttempt,
} from './client/types.js';
export type { CatchUpOptions, CatchUpSummary } from './webhooks/catch-up.js';
export type { EventsExpiredError } from './client/errors.js';
export type { RecoverResponse, ResendEventResponse } from '../protocol/events.js';
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
export type {
  ConsentStatus,
  KnownConsentStatus,
  RevokedBy,
  KnownRevokedBy,
  AbandonReason,
  KnownAbandonReason,
  UnknownValue,
} from '../protocol/consents.js';
export type { CustomerLocale } from '../protocol/webhooks.js';
export type {
  JourneySessionView,
  JourneySessionOutcome,
  EndedJourneySessionOutcome,
} from '../protocol/journey-sessions.js';
export type { Page, PageOptions, PagedList } from './client/pages.js';
export type { ApplicationStatus, KnownApplicationStatus } from '../protocol/applications.js';
export type {
  WebhookAdapterOptions,
  FetchHandlerOptions,
  NodeHandlerOptions,
  NodeRequestLike,
  NodeResponseLike,
} from './webhooks/adapters.js';
export type { WebhookDelivery } from './webhooks/handler.js';
export type { WebhookContextBase, WebhookDbContext } from './webhooks/handler-options.js';
export type { WebhookResult, WebhookOutcome, WebhookErrorStage } from './webhooks/delivery.js';
export type { WebhookDeliveryInput } from './webhooks/verify.js';
