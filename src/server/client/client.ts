/**
 * `createClient()`: one typed method per endpoint of src/protocol/api.ts. Each method takes one options object:
 * path parameters by their path names (`vendor`, `ref`, `id`), body fields by their wire names, plus call options.
 */
import * as z from 'zod/mini';
import * as api from '../../protocol/api.js';
import type { SignRequestOptions, SignedHeaders } from '../requests.js';
import { checkSecret } from '../inputs/keys.js';
import { ServerConfigError } from '../errors.js';
import { HostedJourneyValidationError } from './errors.js';
import { type RetryOptions, resolveRetry } from './retry.js';
import { type Call, type Transport, send } from './transport.js';
import { checkPathParams, checkRequest, checkResponse } from './validate.js';
import type {
  AccountResponse,
  CreditReportResponse,
  DefaultResponse,
  EnquiryResponse,
  PaymentResponse,
  AttachInstitutionRequest,
  BytesDownload,
  CallOptions,
  CloseAccountRequest,
  CreateAccountRequest,
  CreateConsentRequest,
  DownloadBundleRequest,
  DownloadOptions,
  DownloadReportRequest,
  FinaliseRequest,
  GetReportRequest,
  HostedJourneyClient,
  LodgeEnquiryRequest,
  RegisterDefaultRequest,
  RegisterWebhookRequest,
  SavePaymentRequest,
  StartApplicationRequest,
  StreamDownload,
  UpdateAccountRequest,
  UpdateDefaultRequest,
} from './types.js';

export type { CallOptions, DownloadOptions, HostedJourneyClient } from './types.js';

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
   * downloads (`as: 'stream'`) are not limited by this. Default 50 MiB.
   * @example { maxResponseBytes: 200 * 1024 * 1024 }
   */
  maxResponseBytes?: number;
}

/** `util.inspect` shows this instead of the object (no secret is in it anyway; this keeps the output short). */
const inspect = Symbol.for('nodejs.util.inspect.custom');

/** 1-255 printable ASCII, no control characters, no leading or trailing space. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
const validLimit = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

const attachBody = api.profileBody.check(
  z.refine((v) => v.bank_id !== undefined && v.pathway !== undefined, {
    message: 'bank_id and pathway are required',
    path: ['bank_id'],
  }),
);
const startBody = api.profileBody.check(
  z.refine((v) => v.bank_id === undefined, {
    message: 'use attachInstitution to attach an institution',
    path: ['bank_id'],
  }),
);
const registerDefaultBody = api.registerDefaultBody.check(
  z.refine((v) => Number(v.amount) >= api.DEFAULT_MIN_AMOUNT, {
    message: `a default needs at least $${api.DEFAULT_MIN_AMOUNT} overdue`,
    path: ['amount'],
  }),
  z.refine((v) => v.days_overdue >= api.DEFAULT_MIN_DAYS_OVERDUE, {
    message: `a default needs at least ${api.DEFAULT_MIN_DAYS_OVERDUE} days overdue`,
    path: ['days_overdue'],
  }),
);

/** The client registers for its own token only: `token_id` is not an option. */
const registerWebhookBody = z.omit(api.webhookRegistrationBody, { token_id: true });

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

export function createClientWith(
  sign: (o: SignRequestOptions) => Promise<SignedHeaders>,
  options: ClientOptions,
): HostedJourneyClient {
  if (!options || typeof options.baseUrl !== 'string') throw new ServerConfigError('baseUrl', 'baseUrl is required');
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new ServerConfigError('baseUrl', 'baseUrl must be an absolute http(s) URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ServerConfigError('baseUrl', 'baseUrl must be http(s)');
  if (typeof options.tokenId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(options.tokenId)) {
    throw new ServerConfigError('tokenId', 'tokenId must be 1-128 letters, digits, ".", "_" or "-"');
  }
  const secret = checkSecret(options.signingSecret, 'signingSecret');
  const tokenId = options.tokenId;
  const baseUrl = (base.origin + base.pathname).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const maxResponseBytes = options.maxResponseBytes ?? 50 * 1024 * 1024;
  if (!validLimit(maxResponseBytes))
    throw new ServerConfigError('maxResponseBytes', 'maxResponseBytes must be a whole number of bytes > 0');
  const transport: Transport = {
    baseUrl,
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: resolveRetry(options.retry),
    sign: (o) => sign({ ...o, tokenId, secret }),
    maxResponseBytes,
  };

  const post = async <S extends z.ZodMiniType>(
    operation: string,
    path: string,
    bodySchema: z.ZodMiniType,
    body: unknown,
    call: CallOptions,
    res: S,
  ) => {
    const key: unknown = call.idempotencyKey;
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw new HostedJourneyValidationError(operation, [
        {
          path: 'idempotencyKey',
          message:
            'must be 1-255 printable ASCII characters, without control characters (CR, LF, tab) ' +
            'or leading/trailing spaces',
        },
      ]);
    }
    const checked = checkRequest(operation, bodySchema, body);
    const c: Call = {
      operation,
      method: 'POST',
      path,
      body: JSON.stringify(checked),
      idempotencyKey: call.idempotencyKey ?? crypto.randomUUID(),
      signal: call.signal,
      timeoutMs: call.timeoutMs,
      expect: 'json',
    };
    return checkResponse(operation, res, await send(transport, c));
  };
  const get = (operation: string, path: string, call: DownloadOptions) => {
    if (call.as !== undefined && call.as !== 'bytes' && call.as !== 'stream')
      throw new HostedJourneyValidationError(operation, [{ path: 'as', message: "must be 'bytes' or 'stream'" }]);
    if (call.maxResponseBytes !== undefined && !validLimit(call.maxResponseBytes))
      throw new HostedJourneyValidationError(operation, [
        { path: 'maxResponseBytes', message: 'must be a whole number of bytes > 0' },
      ]);
    return send(transport, {
      operation,
      method: 'GET',
      path,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
      expect: call.as === 'stream' ? 'stream' : 'bytes',
      maxResponseBytes: call.maxResponseBytes,
    });
  };
  /** A signed GET or DELETE answered with JSON (retried like GETs). */
  const read = async <S extends z.ZodMiniType>(
    operation: string,
    method: 'GET' | 'DELETE',
    path: string,
    call: CallOptions | undefined,
    res: S,
  ) => {
    const c: Call = { operation, method, path, signal: call?.signal, timeoutMs: call?.timeoutMs, expect: 'json' };
    return checkResponse(operation, res, await send(transport, c));
  };
  const vr = (operation: string, params: Record<string, unknown>, template: string) =>
    api.fillPath(template, checkPathParams(operation, params));

  function downloadBundle(o: StreamDownload<DownloadBundleRequest>): Promise<ReadableStream<Uint8Array>>;
  function downloadBundle(o: BytesDownload<DownloadBundleRequest>): Promise<Uint8Array>;
  async function downloadBundle(o: DownloadBundleRequest & DownloadOptions): Promise<unknown> {
    const op = 'downloadBundle';
    const path = api.fillPath(api.ENDPOINTS.bundle.path, checkPathParams(op, { id: o?.id }));
    checkRequest(op, z.object({ format: z.enum(api.BUNDLE_FORMATS) }), { format: o?.format });
    return get(op, `${path}?format=${o.format}`, o);
  }
  function downloadReport(o: StreamDownload<DownloadReportRequest>): Promise<ReadableStream<Uint8Array>>;
  function downloadReport(o: BytesDownload<DownloadReportRequest>): Promise<Uint8Array>;
  async function downloadReport(o: DownloadReportRequest & DownloadOptions): Promise<unknown> {
    const op = 'downloadReport';
    const { enquiry_id } = checkRequest(op, api.getReportBody, { enquiry_id: o?.enquiry_id });
    return get(op, `${api.ENDPOINTS.downloadReport.path}?enquiry_id=${encodeURIComponent(enquiry_id)}`, o);
  }

  const E = api.ENDPOINTS;
  const W = api.WEBHOOKS;
  const client: HostedJourneyClient & { [inspect]: () => string } = {
    /** POST profile without an institution: starts the application. */
    async startApplication(o: StartApplicationRequest & CallOptions): Promise<api.ApplicationResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post(
        'startApplication',
        vr('startApplication', params, E.profile.path),
        startBody,
        body,
        call,
        api.applicationResponse,
      );
    },
    /** POST profile with `bank_id` and `pathway` ('cdr' | 'crawler'); same response shape as startApplication. */
    async attachInstitution(o: AttachInstitutionRequest & CallOptions): Promise<api.ApplicationResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post(
        'attachInstitution',
        vr('attachInstitution', params, E.profile.path),
        attachBody,
        body,
        call,
        api.applicationResponse,
      );
    },
    /** Returns the `consent_url` the customer must open top-level. */
    async createConsent(o: CreateConsentRequest & CallOptions): Promise<api.ConsentResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post(
        'createConsent',
        vr('createConsent', params, E.consents.path),
        api.consentBody,
        body,
        call,
        api.consentResponse,
      );
    },
    async finalise(o: FinaliseRequest & CallOptions): Promise<api.FinaliseResponse> {
      const { body, params, call } = split(o, ['vendor', 'ref']);
      return post(
        'finalise',
        vr('finalise', params, E.finalise.path),
        api.finaliseBody,
        body,
        call,
        api.finaliseResponse,
      );
    },
    downloadBundle,
    async lodgeEnquiry(o: LodgeEnquiryRequest & CallOptions): Promise<EnquiryResponse> {
      const { body, call } = split(o, []);
      return post('lodgeEnquiry', E.lodgeEnquiry.path, api.lodgeEnquiryBody, body, call, api.enquiryResponse);
    },
    async getReport(o: GetReportRequest & CallOptions): Promise<CreditReportResponse> {
      const { body, call } = split(o, []);
      return post('getReport', E.getReport.path, api.getReportBody, body, call, api.creditReportResponse);
    },
    downloadReport,
    async createAccount(o: CreateAccountRequest & CallOptions): Promise<AccountResponse> {
      const { body, call } = split(o, []);
      return post('createAccount', E.createAccount.path, api.createAccountBody, body, call, api.accountResponse);
    },
    async updateAccount(o: UpdateAccountRequest & CallOptions): Promise<AccountResponse> {
      const { body, call } = split(o, []);
      return post('updateAccount', E.updateAccount.path, api.updateAccountBody, body, call, api.accountResponse);
    },
    /** `updateAccount` with `status: 'closed'`; `closed_on` defaults to today (UTC). */
    async closeAccount(o: CloseAccountRequest & CallOptions): Promise<AccountResponse> {
      const { body, call } = split(o, []);
      const b = { ...body, status: 'closed', closed_on: body.closed_on ?? new Date().toISOString().slice(0, 10) };
      return post('closeAccount', E.updateAccount.path, api.updateAccountBody, b, call, api.accountResponse);
    },
    async savePayment(o: SavePaymentRequest & CallOptions): Promise<PaymentResponse> {
      const { body, call } = split(o, []);
      return post('savePayment', E.savePayment.path, api.savePaymentBody, body, call, api.paymentResponse);
    },
    /** Checked before sending: at least $150 overdue for at least 60 days [doc]. */
    async registerDefault(o: RegisterDefaultRequest & CallOptions): Promise<DefaultResponse> {
      const { body, call } = split(o, []);
      return post('registerDefault', E.registerDefault.path, registerDefaultBody, body, call, api.defaultResponse);
    },
    /** Status `outstanding`, `paid` or `closed`. */
    async updateDefault(o: UpdateDefaultRequest & CallOptions): Promise<DefaultResponse> {
      const { body, call } = split(o, []);
      return post('updateDefault', E.updateDefault.path, api.updateDefaultBody, body, call, api.defaultResponse);
    },
    async registerWebhook(o: RegisterWebhookRequest & CallOptions) {
      const { body, call } = split(o, []);
      return post('registerWebhook', W.register.path, registerWebhookBody, body, call, api.webhookResponse);
    },
    async listWebhooks(o?: CallOptions) {
      return read('listWebhooks', 'GET', W.list.path, o, api.webhookListResponse);
    },
    async deleteWebhook(id: string, o?: CallOptions) {
      const path = vr('deleteWebhook', { id }, W.delete.path);
      return read('deleteWebhook', 'DELETE', path, o, api.webhookDeletedResponse);
    },
    toString: () => `HostedJourneyClient(${baseUrl}, token ${tokenId})`,
    toJSON: () => ({ baseUrl, tokenId }),
    [inspect]: () => `HostedJourneyClient(${baseUrl}, token ${tokenId})`,
  };
  return client;
}
