/**
 * The client's public types: one request and one response type per endpoint, and the `HostedJourneyClient`
 * interface. Requests hold path parameters by their path names (`vendor`, `ref`, `id`) and body fields by their wire
 * names; every method also takes the call options (`CallOptions`, or `DownloadOptions` for the downloads).
 */
import type * as api from '../../protocol/api.js';
import type { KnownWebhookType } from '../../protocol/webhooks.js';
import type { JourneySessionView } from '../../protocol/journey-sessions.js';
import type { ListedEvent, ReceiverDelivery, RecoverResponse, ResendEventResponse } from '../../protocol/events.js';
import type { PageOptions } from '../../protocol/pages.js';
import type { PagedList } from './pages.js';

export type { KnownWebhookType } from '../../protocol/webhooks.js';

/** Options every method accepts. */
export interface CallOptions {
  /** Cancels the call, including back-off waits; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Per-attempt timeout for this call, ms. */
  timeoutMs?: number;
  /**
   * POSTs only: your own key (e.g. stored with a job) instead of a random one, so retries across restarts dedupe.
   * 1-255 printable ASCII characters, no control characters (CR, LF, tab…), no leading or trailing space; anything
   * else is a `HostedJourneyValidationError` before a request is made. @example `payment-${paymentId}`
   */
  idempotencyKey?: string;
  /**
   * The W3C traceparent of the trace this call belongs to, used when no OpenTelemetry span is active (one that is
   * wins): e.g. the one the widget's `onComplete` handed your page and your page your server. The call's span is its
   * child, and the request carries it onward. An invalid value (malformed, version ff, an all-zero id, oversize) is
   * ignored and counted, never an error.
   * @example await client.finalise({ vendor, ref, traceparent: req.body.traceparent })
   */
  traceparent?: string;
  /** The W3C tracestate going with `traceparent`; dropped when invalid. @example tracestate: 'acme=t61rcWkgMzE' */
  tracestate?: string;
}

/** Options of `downloadBundle` and `downloadReport` besides their parameters. */
export interface DownloadOptions extends CallOptions {
  /**
   * `'bytes'` (default): the whole body as a `Uint8Array`, at most `maxResponseBytes`. `'stream'`: a web
   * `ReadableStream<Uint8Array>` to pipe to disk or onwards, never held in memory whole.
   * @example await pipeline(Readable.fromWeb(await client.downloadBundle({ id, format: 'pdf', as: 'stream' }) as
   *   NodeReadableStream), createWriteStream('bundle.pdf'))
   */
  as?: 'bytes' | 'stream';
  /**
   * Largest body accepted for this call, bytes (`ResponseTooLargeError` beyond); default the client's
   * `maxResponseBytes`. `'stream'`: the stream errors once more bytes went through.
   * @example { as: 'stream', maxResponseBytes: 2 * 1024 ** 3 }
   */
  maxResponseBytes?: number;
}

/** The vendor label and the customer's reference: the path of the open-banking endpoints. */
export interface VendorRef {
  vendor: string;
  ref: string;
}

/** `POST /api/v1/{vendor}/{ref}/profile` without an institution. */
export type StartApplicationRequest = VendorRef & Omit<api.ProfileBody, 'bank_id' | 'pathway'>;
/** `POST /api/v1/{vendor}/{ref}/profile` with `bank_id` and `pathway`. */
export type AttachInstitutionRequest = VendorRef & api.ProfileBody & { bank_id: string; pathway: api.Pathway };
/** `POST /api/v1/{vendor}/{ref}/consents`. */
export type CreateConsentRequest = VendorRef & api.ConsentBody;
/** `GET /api/v1/{vendor}/{ref}/consents` [ours]. */
export type ListConsentsRequest = VendorRef;
/** `POST /api/v1/{vendor}/{ref}/consents` with `renews` [ours]: the institution is the renewed consent's. */
export type RenewConsentRequest = VendorRef &
  Omit<api.ConsentBody, 'bank_id' | 'renews'> & {
    /** The consent to renew. @example 'cns_3f9c…' */
    renews: string;
  };
/** `POST /api/v1/{vendor}/{ref}/consents/{consent_id}/revoke` [ours]. */
export type RevokeConsentRequest = VendorRef & {
  /** @example 'cns_3f9c…' */
  consent_id: string;
  /** `'integrator'` (default): you stopped it; `'customer'`: the customer withdrew it with you. */
  revoked_by?: 'integrator' | 'customer';
};
/** `GET /api/v1/institutions/{id}` [ours]. */
export interface GetInstitutionRequest {
  /** The institution's id, as events and applications carry it (`institution_id`). @example 'sandbox-bank' */
  id: string;
}
/** `GET /api/v1/journey-sessions/{id}` [ours]. */
export interface GetJourneySessionRequest {
  /** The session's id: the widget's `sessionId` (its events carry it), or `session_id` of a listed one. */
  id: string;
}
/** `GET /api/v1/journey-sessions` [ours]: filters, and where to start. */
export interface ListJourneySessionsRequest {
  /** Sessions started at or after this ISO 8601 time (the service keeps 30 days). @example '2026-12-01T00:00:00Z' */
  since?: string;
  /** One vendor's sessions. @example 'acme' */
  vendor?: string;
  /** One customer's sessions. @example 'cust_42' */
  ref?: string;
  /** Start after this page (a `next_cursor` you kept). */
  cursor?: string;
  /** Sessions per request, 1–500 (default 100); the iterator still reads every page. */
  limit?: number;
}
/** `POST /api/v1/{vendor}/{ref}/finalise`. */
export type FinaliseRequest = VendorRef;
/** `GET /api/v1/applications/{id}/bundle?format=`. */
export interface DownloadBundleRequest {
  id: string;
  format: api.BundleFormat;
}
// ---- credit reporting: every field of the eight endpoints (checked against src/protocol/api.ts in
// test/types/credit-api.test.ts). Amounts are decimal strings ("5000.00"), dates `YYYY-MM-DD`, months `YYYY-MM`.

/** An Australian state or territory. */
export type AustralianState = 'ACT' | 'NSW' | 'NT' | 'QLD' | 'SA' | 'TAS' | 'VIC' | 'WA';
/** The product a credit enquiry or account is for. */
export type CreditProduct = 'personal_loan' | 'credit_card' | 'home_loan' | 'car_loan' | 'bnpl';
/** Why the enquiry is made: a new application, or a review of an existing account. */
export type EnquiryType = 'credit_application' | 'account_review';
/**
 * Band of the 0–1200 score (sandbox: below_average < 510 ≤ average < 623 ≤ good < 726 ≤ very_good < 833 ≤
 * excellent).
 */
export type ScoreBand = 'below_average' | 'average' | 'good' | 'very_good' | 'excellent';

/** The person a credit enquiry is about. */
export interface Applicant {
  /** 1–200 characters. @example 'Ada' */
  first_name: string;
  /** 1–200 characters. @example 'Lovelace' */
  last_name: string;
  /** `YYYY-MM-DD` (ISO 8601 calendar date); the applicant must be 18 or older. @example '1990-12-10' */
  date_of_birth: string;
  /** Current residential address. */
  address: {
    /** Street line, 1–200 characters. @example '1 George St' */
    line1: string;
    /** 1–200 characters. @example 'Sydney' */
    suburb: string;
    /** @example 'NSW' */
    state: AustralianState;
    /** Four digits. @example '2000' */
    postcode: string;
  };
  /** Driver licence number, at most 20 characters. @example '12345678' */
  drivers_licence?: string;
}

/** `POST /enquiry/lodge`. */
export interface LodgeEnquiryRequest {
  applicant: Applicant;
  /** @example 'credit_application' */
  enquiry_type: EnquiryType;
  /** @example 'personal_loan' */
  product: CreditProduct;
  /** Amount applied for: a decimal string, up to 12 digits and 2 decimals. @example '5000.00' */
  amount: string;
  /** Your own reference, at most 64 characters. @example 'loan-2026-0042' */
  reference?: string;
}
/** What `lodgeEnquiry` answers. */
export interface EnquiryResponse {
  /** Pass it to getReport, downloadReport, createAccount. @example 'enq_3f9c…' */
  enquiry_id: string;
  /** `'lodged'`. */
  status: 'lodged' | (string & {});
  /** ISO 8601 date-time. @example '2026-11-22T00:00:00.000Z' */
  lodged_at: string;
}

/** `POST /enquiry/getreport`. */
export interface GetReportRequest {
  /** As `lodgeEnquiry` answered. */
  enquiry_id: string;
}
/** `GET /enquiry/downloadreport?enquiry_id=` (a PDF). */
export interface DownloadReportRequest {
  enquiry_id: string;
}

/** One enquiry on the applicant's file (the bureau's history and yours). */
export interface CreditReportEnquiry {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Who made it. @example 'Harbour Credit' */
  enquirer: string;
  enquiry_type: EnquiryType | (string & {});
  product: CreditProduct | (string & {});
  /** Decimal string. */
  amount: string;
  /** Present for enquiries lodged through this API. */
  enquiry_id?: string;
}
/** One month of an account's repayment history. */
export interface RepaymentHistoryEntry {
  /** `YYYY-MM`. */
  month: string;
  /**
   * `0` current, `1` 15–29 days overdue, `2` 30–59, `3` 60–89, `4` 90–119, `5` 120–149, `6` 150–179, `X` 180 or
   * more (ACRDS).
   */
  status: api.RepaymentCode | (string & {});
}
/** One month of an account's financial hardship information, shown apart from its repayment history. */
export interface HardshipHistoryEntry {
  /** `YYYY-MM`. */
  month: string;
  /** `A` a month of a temporary arrangement; `V` the month a permanent variation took effect. */
  code: api.HardshipCode;
}
/** Something the consumer must be told about the report. */
export interface CreditReportNotice {
  /** `financial_hardship_information`: the report holds FHI. */
  code: typeof api.HARDSHIP_NOTICE | (string & {});
  /** The sentence, in the report's language. */
  text: string;
}
/** A credit account as the bureau reports it: on the applicant's file, and as the account calls answer. */
export interface ReportedAccount {
  account_id: string;
  account_type: api.AccountKind | (string & {});
  /** Decimal string. */
  credit_limit: string;
  /** `YYYY-MM-DD`. */
  opened_on: string;
  status: 'open' | 'closed' | (string & {});
  /** `YYYY-MM-DD`, once closed. */
  closed_on?: string;
}
/** One credit account on the applicant's file. */
export interface CreditReportAccount extends ReportedAccount {
  /** `bur_<n>` for the bureau's history; yours as `createAccount` answered. */
  account_id: string;
  /** The credit provider. @example 'Bluegum Bank' */
  provider: string;
  /** Oldest first; the last 24 months. */
  repayment_history: RepaymentHistoryEntry[];
  /**
   * Oldest first; the last 12 months. Never part of `score` or `score_band`. Absent from a service that does not
   * report FHI.
   */
  hardship_history?: HardshipHistoryEntry[];
}
/** One default listed on the applicant's file. */
export interface CreditReportDefault {
  default_id: string;
  account_id: string;
  /** Amount overdue, decimal string. */
  amount: string;
  days_overdue: number;
  /** `YYYY-MM-DD`. */
  listed_on: string;
  status: 'outstanding' | 'paid' | 'closed' | (string & {});
}
/** What `getReport` answers: the applicant's credit report, generated now. */
export interface CreditReportResponse {
  enquiry_id: string;
  /** ISO 8601 date-time. */
  generated_at: string;
  /** The applicant as lodged. */
  applicant: Omit<Applicant, 'address'> & { address: Omit<Applicant['address'], 'state'> & { state: string } };
  /** 0–1200; higher is better. */
  score: number;
  score_band: ScoreBand | (string & {});
  /** Oldest first. */
  enquiries: CreditReportEnquiry[];
  accounts: CreditReportAccount[];
  defaults: CreditReportDefault[];
  /** Present when the consumer must be told something, e.g. that the report holds FHI. */
  notices?: CreditReportNotice[];
}

/** `POST /account/create`: an account opened after a lodged enquiry. */
export interface CreateAccountRequest {
  enquiry_id: string;
  /** A credit product, or `telco` / `utility` (defaults only: no repayment history, no hardship). */
  account_type: api.AccountKind;
  /** Decimal string. @example '5000.00' */
  credit_limit: string;
  /** `YYYY-MM-DD`. @example '2026-11-01' */
  opened_on: string;
}
/** `POST /account/update`: an open account's limit, or closing it (prefer `closeAccount`). */
export interface UpdateAccountRequest {
  account_id: string;
  /** Decimal string. */
  credit_limit?: string;
  status?: 'open' | 'closed';
  /** `YYYY-MM-DD`; only with `status: 'closed'` (default today, UTC). Not before `opened_on`. */
  closed_on?: string;
}
/** `POST /account/update` with `status: 'closed'`. */
export interface CloseAccountRequest {
  account_id: string;
  /** `YYYY-MM-DD`; default today (UTC). */
  closed_on?: string;
}
/** What `createAccount`, `updateAccount` and `closeAccount` answer: the account as reported. */
export interface AccountResponse extends ReportedAccount {
  /** @example 'acct_3f9c…' */
  account_id: string;
  enquiry_id: string;
}

/** The month's financial hardship information: which arrangement, and `A` or `V`. */
export interface HardshipInfo {
  /**
   * `A`: a month of a temporary arrangement (report it every month the arrangement runs). `V`: a permanent variation
   * (report it once, in the month it takes effect). @example 'A'
   */
  code: api.HardshipCode;
  /** Your id of the arrangement; one `V` per arrangement. @example 'fha-2026-07' */
  arrangement_id: string;
}
/** `POST /payment/save`: one month of an open account — its repayment history and any hardship, in one call. */
export interface SavePaymentRequest {
  account_id: string;
  /** `YYYY-MM`, not before the account opened. @example '2026-11' */
  month: string;
  /**
   * `0` current, `1` 15–29 days overdue, `2` 30–59, `3` 60–89, `4` 90–119, `5` 120–149, `6` 150–179, `X` 180 or
   * more. `'C'` is deprecated: it is sent as `'0'`, with a warning. @example '0'
   */
  status: api.RepaymentCode | api.LegacyRepaymentCode;
  /** The month's FHI, when a hardship arrangement applies to it. @example { code: 'A', arrangement_id: 'fha-1' } */
  hardship?: HardshipInfo;
}
/** What `savePayment` answers. */
export interface PaymentResponse {
  account_id: string;
  /** `YYYY-MM`. */
  month: string;
  status: api.RepaymentCode | (string & {});
  /** The FHI saved with the month. */
  hardship?: { code: api.HardshipCode; arrangement_id: string };
  /** E.g. `DEPRECATED_REPAYMENT_CODE` when `C` reached the service. */
  warnings?: Array<{ code: string; message: string }>;
}

/** `POST /default/register`: at least $150 overdue for at least 60 days [doc]. */
export interface RegisterDefaultRequest {
  account_id: string;
  /** Amount overdue, decimal string, ≥ 150. @example '420.00' */
  amount: string;
  /** Whole days, ≥ 60. @example 75 */
  days_overdue: number;
  /** `YYYY-MM-DD`; default today (UTC). */
  listed_on?: string;
}
/** `POST /default/update`: an outstanding default paid, closed, or its amount corrected. */
export interface UpdateDefaultRequest {
  default_id: string;
  status: 'outstanding' | 'paid' | 'closed';
  /** Decimal string. */
  amount?: string;
}
/** What `registerDefault` and `updateDefault` answer. */
export interface DefaultResponse {
  /** @example 'dft_3f9c…' */
  default_id: string;
  account_id: string;
  /** Decimal string. */
  amount: string;
  /** `registerDefault` only. */
  days_overdue?: number;
  /** `YYYY-MM-DD`; `registerDefault` only. */
  listed_on?: string;
  status: 'outstanding' | 'paid' | 'closed' | (string & {});
}

/** `POST /api/v1/webhooks`: a receiver for the events of the client's token, signed with its secret. */
export interface RegisterWebhookRequest {
  /** Where deliveries are POSTed (http or https). @example 'https://app.example.com/webhooks/hosted-journey' */
  url: string;
  /**
   * Only these event types are delivered to it; default every type. Known names only: a misspelt one does not
   * compile, and at run time an unknown one is a `HostedJourneyValidationError` naming the closest known name,
   * before anything is sent.
   * @example ['consent.authorised', 'crawl.completed', 'application.report_ready']
   */
  events?: KnownWebhookType[];
  /**
   * The webhook handler this URL leads to (`createWebhookHandler`'s result): without `events`, the receiver is
   * registered for the types its `on` handles (every type when it has `'*'`); with `events`, a type the handler
   * handles that `events` leaves out is a `HostedJourneyValidationError` naming it, before anything is sent — the
   * service would filter it out, and the handler would never hear of it. Not sent.
   * @example await client.registerWebhook({ url: 'https://app.example.com/webhooks', handler: webhooks })
   */
  handler?: { readonly events?: readonly KnownWebhookType[] | undefined };
}

/** `GET /api/v1/events` [ours]: the token's events of the last 30 days, oldest first. */
export interface ListEventsRequest extends PageOptions {
  /** Events created at or after this time (ISO 8601); older than 30 days: `EventsExpiredError`. @example since */
  since: string;
  /** Events created earlier than this time. @example until: new Date().toISOString() */
  until?: string;
  /** Only these types. @example types: ['consent.revoked', 'application.report_ready'] */
  types?: Array<KnownWebhookType | (string & {})>;
  /** One application: its vendor label and customer reference (both, or either). @example vendor: 'acme' */
  vendor?: string;
  /** @example ref: 'cust_42' */
  ref?: string;
}
/** `POST /api/v1/webhooks/{id}/recover` [ours]. */
export interface RecoverWebhookRequest {
  /** The receiver, as `registerWebhook` answered it. @example 'wh_2' */
  id: string;
  /** Every event it did not acknowledge created at or after this time (within the 30 days). @example since */
  since: string;
  /** … and earlier than this one. @example until: new Date().toISOString() */
  until?: string;
}
/** `POST /api/v1/events/{event_id}/resend` [ours]. */
export interface ResendEventRequest {
  /** @example 'evt_3f9c…' */
  event_id: string;
}
/** `GET /api/v1/webhooks/{id}/deliveries` [ours]. */
export interface ListDeliveriesRequest extends PageOptions {
  /** The receiver. @example 'wh_2' */
  id: string;
  /** Attempts made at or after this time (ISO 8601). @example since: '2026-12-01T00:00:00Z' */
  since?: string;
}
/** One event as the events list holds it: the envelope a delivery carries; `data` is checked by the handler. */
export type Event = KnownFields<ListedEvent>;
/** One attempt of a receiver's delivery log. */
export type DeliveryAttempt = KnownFields<ReceiverDelivery>;
type KnownFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** A registered webhook receiver, as `registerWebhook` and `listWebhooks` answer. */
export interface WebhookRegistration {
  /** Its id, for `deleteWebhook`. @example 'wh_2' */
  webhook_id: string;
  /** The receiver URL. */
  url: string;
  /** The token whose applications' events it receives, and whose secret signs them. */
  token_id: string;
  /** The event types it receives; absent: every type. */
  events?: string[];
}

/** A download as bytes (the default) … */
export type BytesDownload<T> = T & Omit<DownloadOptions, 'as'> & { as?: 'bytes' };
/** … or as a stream. */
export type StreamDownload<T> = T & Omit<DownloadOptions, 'as'> & { as: 'stream' };

/**
 * One typed, signed method per endpoint. Created by `createClient()`. Every method also takes `signal`, `timeoutMs`
 * and (POSTs) `idempotencyKey`; the examples use the sandbox's values (`bank_id: 'sandbox-bank'`).
 */
export interface HostedJourneyClient {
  /**
   * Starts the application (profile without an institution). The answer's `journey_url` is the customer's journey.
   * @example
   * const app = await client.startApplication({
   *   vendor: 'acme', ref: 'cust_42', full_name: 'Ada Lovelace', email: 'ada@example.com',
   * });
   */
  startApplication(o: StartApplicationRequest & CallOptions): Promise<api.ApplicationResponse>;
  /**
   * Attaches the customer's institution and pathway ('cdr' | 'crawler'); same response shape as startApplication.
   * @example
   * await client.attachInstitution({ vendor: 'acme', ref: 'cust_42', bank_id: 'sandbox-bank', pathway: 'cdr' });
   */
  attachInstitution(o: AttachInstitutionRequest & CallOptions): Promise<api.ApplicationResponse>;
  /**
   * Creates a CDR consent; returns the `consent_url` the customer must open top-level (the journey does this for you).
   * @example const { consent_url } = await client.createConsent({ vendor: 'acme', ref: 'cust_42' });
   */
  createConsent(o: CreateConsentRequest & CallOptions): Promise<api.ConsentResponse>;
  /**
   * The customer's consents with status and expiry (renewal requests show on the consent they renew).
   * @example
   * const { consents } = await client.listConsents({ vendor: 'acme', ref: 'cust_42' });
   * const expiring = consents.filter((c) => c.status === 'expiring');
   */
  listConsents(o: ListConsentsRequest & CallOptions): Promise<api.ConsentListResponse>;
  /**
   * Renews a consent: answers the renewal's `consent_url`, the bank page that shows the same institution, accounts
   * and duration (open it top-level). The consent keeps working meanwhile; once the customer authorises,
   * `consent.renewed` carries its new `sharing_expires_at` and the same account ids. A customer who backs out
   * changes nothing.
   * @example const { consent_url } = await client.renewConsent({ vendor: 'acme', ref: 'cust_42', renews: consentId });
   */
  renewConsent(o: RenewConsentRequest & CallOptions): Promise<api.ConsentResponse>;
  /**
   * Stops a consent now (`consent.revoked`, `revoked_by: 'integrator'`, or `'customer'` when they asked you); data
   * pulls are refused after it. Repeating it is harmless.
   * @example await client.revokeConsent({ vendor: 'acme', ref: 'cust_42', consent_id: consentId });
   */
  revokeConsent(o: RevokeConsentRequest & CallOptions): Promise<api.ConsentView>;
  /**
   * An institution's display name and logo URL, for the messages you send the customer about a consent
   * (`institution_id` of an event or an application). An unknown id is `ApiError` 404 `INSTITUTION_NOT_FOUND`.
   * @example const { name, logo_url } = await client.getInstitution({ id: event.data.institution_id });
   */
  getInstitution(o: GetInstitutionRequest & CallOptions): Promise<api.InstitutionResponse>;
  /**
   * One journey session the service recorded [ours]: its steps with times, the bank and pathway, the errors shown and
   * the outcome (`completed`, `exited`, `abandoned`, or `in_progress`). Kept 30 days; after that, or for another
   * token's session, `ApiError` 404 `JOURNEY_SESSION_NOT_FOUND`.
   * @example const session = await client.getJourneySession({ id: payload.sessionId });
   */
  getJourneySession(o: GetJourneySessionRequest & CallOptions): Promise<JourneySessionView>;
  /**
   * Your journey sessions of the last 30 days, oldest first, as an async iterator that fetches a page at a time;
   * `.pages()` yields the pages with their `next_cursor`.
   * @example
   * for await (const s of client.listJourneySessions({ since: '2026-12-01T00:00:00Z', vendor: 'acme' }))
   *   if (s.outcome === 'abandoned') console.log(s.session_id, s.last_step);
   */
  listJourneySessions(o?: ListJourneySessionsRequest & CallOptions): PagedList<JourneySessionView>;
  /**
   * Requests the report once the data is in (after the `crawl.completed` webhook; earlier: 409 `DATA_NOT_RETRIEVED`).
   * `application.report_ready` follows. Calling it again is harmless.
   * @example await client.finalise({ vendor: 'acme', ref: 'cust_42' });
   */
  finalise(o: FinaliseRequest & CallOptions): Promise<api.FinaliseResponse>;
  /**
   * The bundle (after `application.report_ready`) as bytes, or (`as: 'stream'`) as a web stream.
   * @example const pdf = await client.downloadBundle({ id: app.application_id, format: 'pdf' });
   */
  downloadBundle(o: StreamDownload<DownloadBundleRequest>): Promise<ReadableStream<Uint8Array>>;
  downloadBundle(o: BytesDownload<DownloadBundleRequest>): Promise<Uint8Array>;
  /**
   * Lodges a credit enquiry for an applicant (18 or older; `date_of_birth` is `YYYY-MM-DD`).
   * @example
   * const { enquiry_id } = await client.lodgeEnquiry({
   *   applicant: {
   *     first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10',
   *     address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
   *   },
   *   enquiry_type: 'credit_application', product: 'personal_loan', amount: '5000.00',
   * });
   */
  lodgeEnquiry(o: LodgeEnquiryRequest & CallOptions): Promise<EnquiryResponse>;
  /**
   * The applicant's credit report: score and band, enquiries, accounts with repayment history, defaults.
   * @example const { score, score_band } = await client.getReport({ enquiry_id });
   */
  getReport(o: GetReportRequest & CallOptions): Promise<CreditReportResponse>;
  /**
   * The credit report as a PDF: bytes, or (`as: 'stream'`) a web stream.
   * @example const pdf = await client.downloadReport({ enquiry_id });
   */
  downloadReport(o: StreamDownload<DownloadReportRequest>): Promise<ReadableStream<Uint8Array>>;
  downloadReport(o: BytesDownload<DownloadReportRequest>): Promise<Uint8Array>;
  /**
   * Reports a new credit account opened for a lodged enquiry.
   * @example
   * const { account_id } = await client.createAccount({
   *   enquiry_id, account_type: 'personal_loan', credit_limit: '5000.00', opened_on: '2026-11-01',
   * });
   */
  createAccount(o: CreateAccountRequest & CallOptions): Promise<AccountResponse>;
  /**
   * Changes an open account's credit limit (or closes it: see closeAccount).
   * @example await client.updateAccount({ account_id, credit_limit: '7500.00' });
   */
  updateAccount(o: UpdateAccountRequest & CallOptions): Promise<AccountResponse>;
  /**
   * `updateAccount` with `status: 'closed'`; `closed_on` defaults to today (UTC).
   * @example await client.closeAccount({ account_id, closed_on: '2026-11-30' });
   */
  closeAccount(o: CloseAccountRequest & CallOptions): Promise<AccountResponse>;
  /**
   * Reports one month: its repayment status (`0` current, `1`–`6`, `X` by days overdue) and, in a hardship
   * arrangement, its FHI. Refused before sending with `PaymentRefusedError` when this client can tell the service
   * would refuse it (FHI without a status, a second `V` for an arrangement, FHI on a closed account or a kind that
   * may not carry it); the service refuses the rest with `ApiError` and the same codes.
   * @example
   * await client.savePayment({ account_id, month: '2026-11', status: '0' });
   * await client.savePayment({ account_id, month: '2026-12', status: '0', hardship: { code: 'A', arrangement_id } });
   */
  savePayment(o: SavePaymentRequest & CallOptions): Promise<PaymentResponse>;
  /**
   * Lists a default; checked before sending: at least $150 overdue for at least 60 days [doc].
   * @example const { default_id } = await client.registerDefault({ account_id, amount: '420.00', days_overdue: 75 });
   */
  registerDefault(o: RegisterDefaultRequest & CallOptions): Promise<DefaultResponse>;
  /**
   * Moves an outstanding default to `paid` or `closed` (or corrects its amount).
   * @example await client.updateDefault({ default_id, status: 'paid' });
   */
  updateDefault(o: UpdateDefaultRequest & CallOptions): Promise<DefaultResponse>;
  /**
   * Registers a webhook receiver for this token's events, signed with its secret (verify them with
   * `createWebhookHandler({ verify: { keys: [{ tokenId, secret }] } })`). `events` limits the types delivered.
   * @example
   * const { webhook_id } = await client.registerWebhook({
   *   url: 'https://app.example.com/webhooks', events: ['crawl.completed'],
   * });
   */
  registerWebhook(o: RegisterWebhookRequest & CallOptions): Promise<WebhookRegistration>;
  /**
   * This token's webhook receivers (another token's are never listed).
   * @example const { webhooks } = await client.listWebhooks();
   */
  listWebhooks(o?: CallOptions): Promise<{ webhooks: WebhookRegistration[] }>;
  /**
   * Deletes one of this token's receivers: nothing more is delivered to it. An unknown id (or another token's):
   * `ApiError` 404 `WEBHOOK_NOT_FOUND`.
   * @example await client.deleteWebhook('wh_2');
   */
  deleteWebhook(id: string, o?: CallOptions): Promise<{ webhook_id: string; deleted: true }>;
  /**
   * The token's events of the last 30 days, oldest first, as an async iterable over every page (one request per
   * page, one page in memory); `.pages()` yields the pages with their `next_cursor`. `since` older than the
   * retention: `EventsExpiredError`. Each event is the envelope its delivery carried, with the same `event_id`.
   * @example
   * for await (const event of client.listEvents({ since: '2026-12-01T00:00:00Z', types: ['consent.revoked'] }))
   *   console.log(event.event_id, event.type);
   */
  listEvents(o: ListEventsRequest & CallOptions): PagedList<Event>;
  /**
   * Sends one receiver again every event it did not acknowledge since a time (and before `until`), each with its
   * `event_id`, and enables it again when it was disabled. Answers how many were queued.
   * @example await client.recoverWebhook({ id: 'wh_2', since: '2026-12-01T00:00:00Z' });
   */
  recoverWebhook(o: RecoverWebhookRequest & CallOptions): Promise<RecoverResponse>;
  /**
   * Sends one event again, with its `event_id`, to every receiver of the token that takes its type.
   * @example await client.resendEvent({ event_id: 'evt_3f9c…' });
   */
  resendEvent(o: ResendEventRequest & CallOptions): Promise<ResendEventResponse>;
  /**
   * One receiver's delivery log, oldest first, over every page: each attempt's time, status (or network error),
   * latency, next retry and trace id.
   * @example for await (const a of client.listDeliveries({ id: 'wh_2' })) console.log(a.at, a.status, a.next_retry_at);
   */
  listDeliveries(o: ListDeliveriesRequest & CallOptions): PagedList<DeliveryAttempt>;
  /** `HostedJourneyClient(<baseUrl>, token <tokenId>)`: never the secret. */
  toString(): string;
  toJSON(): { baseUrl: string; tokenId: string };
}
