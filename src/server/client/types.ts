/**
 * The client's public types: one request and one response type per endpoint, and the `HostedJourneyClient`
 * interface. Requests hold path parameters by their path names (`vendor`, `ref`, `id`) and body fields by their wire
 * names; every method also takes the call options (`CallOptions`, or `DownloadOptions` for the downloads).
 */
import type * as api from '../../protocol/api.js';

export type { Pathway, BundleFormat, RepaymentCode } from '../../protocol/api.js';
export type {
  ApplicationResponse,
  ConsentResponse,
  FinaliseResponse,
  EnquiryResponse,
  CreditReportResponse,
  AccountResponse,
  PaymentResponse,
  DefaultResponse,
} from '../../protocol/api.js';

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
   * Largest body accepted for this call, bytes (`ResponseTooLargeError` beyond). `'bytes'`: default the client's
   * `maxResponseBytes`. `'stream'`: no limit unless set here; then the stream errors once more bytes went through.
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
/** `POST /api/v1/{vendor}/{ref}/finalise`. */
export type FinaliseRequest = VendorRef;
/** `GET /api/v1/applications/{id}/bundle?format=`. */
export interface DownloadBundleRequest {
  id: string;
  format: api.BundleFormat;
}
/** `POST /enquiry/lodge`. */
export type LodgeEnquiryRequest = api.LodgeEnquiryBody;
/** `POST /enquiry/getreport`. */
export interface GetReportRequest {
  enquiry_id: string;
}
/** `GET /enquiry/downloadreport?enquiry_id=`. */
export interface DownloadReportRequest {
  enquiry_id: string;
}
/** `POST /account/create`. */
export type CreateAccountRequest = api.CreateAccountBody;
/** `POST /account/update`. */
export type UpdateAccountRequest = api.UpdateAccountBody;
/** `POST /account/update` with `status: 'closed'`. */
export interface CloseAccountRequest {
  account_id: string;
  /** `YYYY-MM-DD`; default today (UTC). */
  closed_on?: string;
}
/** `POST /payment/save`. */
export type SavePaymentRequest = api.SavePaymentBody;
/** `POST /default/register`. */
export type RegisterDefaultRequest = api.RegisterDefaultBody;
/** `POST /default/update`. */
export type UpdateDefaultRequest = api.UpdateDefaultBody;

/** A download as bytes (the default) … */
export type BytesDownload<T> = T & Omit<DownloadOptions, 'as'> & { as?: 'bytes' };
/** … or as a stream. */
export type StreamDownload<T> = T & Omit<DownloadOptions, 'as'> & { as: 'stream' };

/** One typed, signed method per endpoint. Created by `createClient()`. */
export interface HostedJourneyClient {
  /** POST profile without an institution: starts the application. */
  startApplication(o: StartApplicationRequest & CallOptions): Promise<api.ApplicationResponse>;
  /** POST profile with `bank_id` and `pathway` ('cdr' | 'crawler'); same response shape as startApplication. */
  attachInstitution(o: AttachInstitutionRequest & CallOptions): Promise<api.ApplicationResponse>;
  /** Returns the `consent_url` the customer must open top-level. */
  createConsent(o: CreateConsentRequest & CallOptions): Promise<api.ConsentResponse>;
  finalise(o: FinaliseRequest & CallOptions): Promise<api.FinaliseResponse>;
  /** The bundle as bytes, or (`as: 'stream'`) as a web stream. */
  downloadBundle(o: StreamDownload<DownloadBundleRequest>): Promise<ReadableStream<Uint8Array>>;
  downloadBundle(o: BytesDownload<DownloadBundleRequest>): Promise<Uint8Array>;
  lodgeEnquiry(o: LodgeEnquiryRequest & CallOptions): Promise<api.EnquiryResponse>;
  getReport(o: GetReportRequest & CallOptions): Promise<api.CreditReportResponse>;
  /** The credit report file as bytes, or (`as: 'stream'`) as a web stream. */
  downloadReport(o: StreamDownload<DownloadReportRequest>): Promise<ReadableStream<Uint8Array>>;
  downloadReport(o: BytesDownload<DownloadReportRequest>): Promise<Uint8Array>;
  createAccount(o: CreateAccountRequest & CallOptions): Promise<api.AccountResponse>;
  updateAccount(o: UpdateAccountRequest & CallOptions): Promise<api.AccountResponse>;
  /** `updateAccount` with `status: 'closed'`; `closed_on` defaults to today (UTC). */
  closeAccount(o: CloseAccountRequest & CallOptions): Promise<api.AccountResponse>;
  savePayment(o: SavePaymentRequest & CallOptions): Promise<api.PaymentResponse>;
  /** Checked before sending: at least $150 overdue for at least 60 days [doc]. */
  registerDefault(o: RegisterDefaultRequest & CallOptions): Promise<api.DefaultResponse>;
  /** Status `outstanding`, `paid` or `closed`. */
  updateDefault(o: UpdateDefaultRequest & CallOptions): Promise<api.DefaultResponse>;
  /** `HostedJourneyClient(<baseUrl>, token <tokenId>)`: never the secret. */
  toString(): string;
  toJSON(): { baseUrl: string; tokenId: string };
}
