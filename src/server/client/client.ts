/**
 * `createClient()`: one typed method per endpoint of src/protocol/api.ts. Each method takes one options object:
 * path parameters by their path names (`vendor`, `ref`, `id`), body fields by their wire names, plus call options.
 */
import * as z from 'zod/mini';
import * as api from '../../protocol/api.js';
import type { SignRequestOptions, SignedHeaders } from '../signing.js';
import { checkSecret } from '../inputs.js';
import { ServerConfigError } from '../errors.js';
import { ValidationError } from './errors.js';
import { type RetryOptions, resolveRetry } from './retry.js';
import { type Call, type Transport, send } from './transport.js';
import { checkPathParams, checkRequest, checkResponse } from './validate.js';

export interface ClientOptions {
  /** Service origin (and optional path prefix). @example 'https://api.example.com' */
  baseUrl: string;
  /** Public token id. @example 'tok_live_1' */
  tokenId: string;
  /** Signing secret; kept in a closure, never in a property, message or log. @example process.env.HJ_SIGNING_SECRET */
  signingSecret: string;
  /** Fetch implementation. Default `globalThis.fetch`. @example undici.fetch */
  fetch?: typeof fetch;
  /** Per-attempt timeout, ms. Default 30000. @example 10_000 */
  timeoutMs?: number;
  /** Retry policy, or `false` for none. @example { retries: 4, baseDelayMs: 100 } */
  retry?: RetryOptions | false;
  /**
   * Largest response body read into memory (JSON answers, downloads as bytes), bytes; a larger one rejects with
   * `ResponseTooLargeError` (from its Content-Length, or once the bytes counted while reading pass it). Streamed
   * downloads (`as: 'stream'`) are not limited by this. Default 50 MiB. @example { maxResponseBytes: 200 * 1024 * 1024 }
   */
  maxResponseBytes?: number;
}

/** Options every method accepts. */
export interface CallOptions {
  /** Cancels the call, including back-off waits; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Per-attempt timeout for this call, ms. */
  timeoutMs?: number;
  /**
   * POSTs only: your own key (e.g. stored with a job) instead of a random one, so retries across restarts dedupe.
   * 1-255 printable ASCII characters, no control characters (CR, LF, tab…), no leading or trailing space; anything
   * else is a `ValidationError` before a request is made. @example `payment-${paymentId}`
   */
  idempotencyKey?: string;
}

/** Options of `downloadBundle` and `downloadReport` besides their parameters. */
export interface DownloadOptions extends CallOptions {
  /**
   * `'bytes'` (default): the whole body as a `Uint8Array`, at most `maxResponseBytes`. `'stream'`: a web
   * `ReadableStream<Uint8Array>` to pipe to disk or onwards, never held in memory whole.
   * @example await pipeline(Readable.fromWeb(await client.downloadBundle({ id, format: 'pdf', as: 'stream' }) as NodeReadableStream), createWriteStream('bundle.pdf'))
   */
  as?: 'bytes' | 'stream';
  /**
   * Largest body accepted for this call, bytes (`ResponseTooLargeError` beyond). `'bytes'`: default the client's
   * `maxResponseBytes`. `'stream'`: no limit unless set here; then the stream errors once more bytes went through.
   * @example { as: 'stream', maxResponseBytes: 2 * 1024 ** 3 }
   */
  maxResponseBytes?: number;
}

type VendorRef = { vendor: string; ref: string };
type Download<T> = T & Omit<DownloadOptions, 'as'> & { as?: 'bytes' };
type DownloadStream<T> = T & Omit<DownloadOptions, 'as'> & { as: 'stream' };

/** 1-255 printable ASCII, no control characters, no leading or trailing space. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
const validLimit = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

const attachBody = api.profileBody.check(
  z.refine((v) => v.bank_id !== undefined && v.pathway !== undefined, { message: 'bank_id and pathway are required', path: ['bank_id'] }),
);
const startBody = api.profileBody.check(
  z.refine((v) => v.bank_id === undefined, { message: 'use attachInstitution to attach an institution', path: ['bank_id'] }),
);
const registerDefaultBody = api.registerDefaultBody.check(
  z.refine((v) => Number(v.amount) >= api.DEFAULT_MIN_AMOUNT, { message: `a default needs at least $${api.DEFAULT_MIN_AMOUNT} overdue`, path: ['amount'] }),
  z.refine((v) => v.days_overdue >= api.DEFAULT_MIN_DAYS_OVERDUE, { message: `a default needs at least ${api.DEFAULT_MIN_DAYS_OVERDUE} days overdue`, path: ['days_overdue'] }),
);

const CALL_KEYS = ['signal', 'timeoutMs', 'idempotencyKey', 'as', 'maxResponseBytes'] as const;
function split<T extends object>(o: T, pathKeys: readonly string[]) {
  const body: Record<string, unknown> = {};
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o ?? {})) {
    if ((CALL_KEYS as readonly string[]).includes(k)) continue;
    if (pathKeys.includes(k)) params[k] = v;
    else if (v !== undefined) body[k] = v;
  }
  return { body, params, call: o as CallOptions };
}

export function createClientWith(sign: (o: SignRequestOptions) => Promise<SignedHeaders>, options: ClientOptions) {
  if (!options || typeof options.baseUrl !== 'string') throw new ServerConfigError('baseUrl', 'baseUrl is required');
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new ServerConfigError('baseUrl', 'baseUrl must be an absolute http(s) URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new ServerConfigError('baseUrl', 'baseUrl must be http(s)');
  if (typeof options.tokenId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(options.tokenId)) {
    throw new ServerConfigError('tokenId', 'tokenId must be 1-128 letters, digits, ".", "_" or "-"');
  }
  const secret = checkSecret(options.signingSecret, 'signingSecret');
  const tokenId = options.tokenId;
  const baseUrl = (base.origin + base.pathname).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const maxResponseBytes = options.maxResponseBytes ?? 50 * 1024 * 1024;
  if (!validLimit(maxResponseBytes)) throw new ServerConfigError('maxResponseBytes', 'maxResponseBytes must be a whole number of bytes > 0');
  const transport: Transport = {
    baseUrl,
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: resolveRetry(options.retry),
    sign: (o) => sign({ ...o, tokenId, secret }),
    maxResponseBytes,
  };

  const post = async <S extends z.ZodMiniType>(operation: string, path: string, bodySchema: z.ZodMiniType, body: unknown, call: CallOptions, res: S) => {
    const key: unknown = call.idempotencyKey;
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw new ValidationError(operation, [{ path: 'idempotencyKey', message: 'must be 1-255 printable ASCII characters, without control characters (CR, LF, tab) or leading/trailing spaces' }]);
    }
    const checked = checkRequest(operation, bodySchema, body);
    const c: Call = { operation, method: 'POST', path, body: JSON.stringify(checked), idempotencyKey: call.idempotencyKey ?? crypto.randomUUID(), signal: call.signal, timeoutMs: call.timeoutMs, expect: 'json' };
    return checkResponse(operation, res, await send(transport, c));
  };
  const get = (operation: string, path: string, call: DownloadOptions) => {
    if (call.as !== undefined && call.as !== 'bytes' && call.as !== 'stream') throw new ValidationError(operation, [{ path: 'as', message: "must be 'bytes' or 'stream'" }]);
    if (call.maxResponseBytes !== undefined && !validLimit(call.maxResponseBytes)) throw new ValidationError(operation, [{ path: 'maxResponseBytes', message: 'must be a whole number of bytes > 0' }]);
    return send(transport, { operation, method: 'GET', path, signal: call.signal, timeoutMs: call.timeoutMs, expect: call.as === 'stream' ? 'stream' : 'bytes', maxResponseBytes: call.maxResponseBytes });
  };
  const vr = (operation: string, params: Record<string, unknown>, template: string) => api.fillPath(template, checkPathParams(operation, params));

  function downloadBundle(o: DownloadStream<{ id: string; format: api.BundleFormat }>): Promise<ReadableStream<Uint8Array>>;
  function downloadBundle(o: Download<{ id: string; format: api.BundleFormat }>): Promise<Uint8Array>;
  async function downloadBundle(o: { id: string; format: api.BundleFormat } & DownloadOptions): Promise<unknown> {
    const op = 'downloadBundle';
    const path = api.fillPath(api.ENDPOINTS.bundle.path, checkPathParams(op, { id: o?.id }));
    checkRequest(op, z.object({ format: z.enum(api.BUNDLE_FORMATS) }), { format: o?.format });
    return get(op, `${path}?format=${o.format}`, o);
  }
  function downloadReport(o: DownloadStream<{ enquiry_id: string }>): Promise<ReadableStream<Uint8Array>>;
  function downloadReport(o: Download<{ enquiry_id: string }>): Promise<Uint8Array>;
  async function downloadReport(o: { enquiry_id: string } & DownloadOptions): Promise<unknown> {
    const op = 'downloadReport';
    const { enquiry_id } = checkRequest(op, api.getReportBody, { enquiry_id: o?.enquiry_id });
    return get(op, `${api.ENDPOINTS.downloadReport.path}?enquiry_id=${encodeURIComponent(enquiry_id)}`, o);
  }

  const E = api.ENDPOINTS;
  const client = {
    /** POST profile without an institution: starts the application. */
    async startApplication(o: VendorRef & Omit<api.ProfileBody, 'bank_id' | 'pathway'> & CallOptions): Promise<api.ApplicationResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post('startApplication', vr('startApplication', params, E.profile.path), startBody, body, call, api.applicationResponse);
    },
    /** POST profile with `bank_id` and `pathway` ('cdr' | 'crawler'); same response shape as startApplication. */
    async attachInstitution(o: VendorRef & api.ProfileBody & { bank_id: string; pathway: api.Pathway } & CallOptions): Promise<api.ApplicationResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post('attachInstitution', vr('attachInstitution', params, E.profile.path), attachBody, body, call, api.applicationResponse);
    },
    /** Returns the `consent_url` the customer must open top-level. */
    async createConsent(o: VendorRef & api.ConsentBody & CallOptions): Promise<api.ConsentResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post('createConsent', vr('createConsent', params, E.consents.path), api.consentBody, body, call, api.consentResponse);
    },
    async finalise(o: VendorRef & CallOptions): Promise<api.FinaliseResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post('finalise', vr('finalise', params, E.finalise.path), api.finaliseBody, body, call, api.finaliseResponse);
    },
    downloadBundle,
    async lodgeEnquiry(o: api.LodgeEnquiryBody & CallOptions): Promise<api.EnquiryResponse> {
      const { body, call } = split(o, []);
      return post('lodgeEnquiry', E.lodgeEnquiry.path, api.lodgeEnquiryBody, body, call, api.enquiryResponse);
    },
    async getReport(o: { enquiry_id: string } & CallOptions): Promise<api.CreditReportResponse> {
      const { body, call } = split(o, []);
      return post('getReport', E.getReport.path, api.getReportBody, body, call, api.creditReportResponse);
    },
    downloadReport,
    async createAccount(o: api.CreateAccountBody & CallOptions): Promise<api.AccountResponse> {
      const { body, call } = split(o, []);
      return post('createAccount', E.createAccount.path, api.createAccountBody, body, call, api.accountResponse);
    },
    async updateAccount(o: api.UpdateAccountBody & CallOptions): Promise<api.AccountResponse> {
      const { body, call } = split(o, []);
      return post('updateAccount', E.updateAccount.path, api.updateAccountBody, body, call, api.accountResponse);
    },
    /** `updateAccount` with `status: 'closed'`; `closed_on` defaults to today (UTC). */
    async closeAccount(o: { account_id: string; closed_on?: string } & CallOptions): Promise<api.AccountResponse> {
      const { body, call } = split(o, []);
      const b = { ...body, status: 'closed', closed_on: body['closed_on'] ?? new Date().toISOString().slice(0, 10) };
      return post('closeAccount', E.updateAccount.path, api.updateAccountBody, b, call, api.accountResponse);
    },
    async savePayment(o: api.SavePaymentBody & CallOptions): Promise<api.PaymentResponse> {
      const { body, call } = split(o, []);
      return post('savePayment', E.savePayment.path, api.savePaymentBody, body, call, api.paymentResponse);
    },
    /** Checked before sending: at least $150 overdue for at least 60 days [doc]. */
    async registerDefault(o: api.RegisterDefaultBody & CallOptions): Promise<api.DefaultResponse> {
      const { body, call } = split(o, []);
      return post('registerDefault', E.registerDefault.path, registerDefaultBody, body, call, api.defaultResponse);
    },
    /** Status `outstanding`, `paid` or `closed`. */
    async updateDefault(o: api.UpdateDefaultBody & CallOptions): Promise<api.DefaultResponse> {
      const { body, call } = split(o, []);
      return post('updateDefault', E.updateDefault.path, api.updateDefaultBody, body, call, api.defaultResponse);
    },
    toString: () => `HostedJourneyClient(${baseUrl}, token ${tokenId})`,
    toJSON: () => ({ baseUrl, tokenId }),
    [Symbol.for('nodejs.util.inspect.custom')]: () => `HostedJourneyClient(${baseUrl}, token ${tokenId})`,
  };
  return client;
}

export type HostedJourneyClient = ReturnType<typeof createClientWith>;
