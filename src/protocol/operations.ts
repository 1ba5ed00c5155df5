/**
 * Every operation of the signed API, one row each, named as the client's method is: its method and path template,
 * what the caller sends (a POST's JSON body, a GET's query) and what the service answers (absent: a download, with
 * its content type per format), the error codes it answers besides those of every signed call, and whether it is the
 * service's [seed] or this project's [ours] (`sandbox`: only the sandbox answers it). The client's methods, the
 * sandbox's routes, the client's span names, the OpenAPI document, the MCP tools' inputs and the operation table of
 * docs/server.md are derived from these rows, so an operation added here reaches each of them.
 *
 * Server code only: browser code imports ./browser.js, which does not reach this module.
 */
import * as z from 'zod/mini';
import * as api from './api.js';
import * as sandbox from './sandbox.js';
import * as journeys from './journey-sessions.js';
import * as events from './events.js';

export type OperationSource = 'seed' | 'ours' | 'sandbox';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface ApiOperation {
  readonly method: HttpMethod;
  /** `{name}` segments are path parameters (PATH_PARAM's rule), filled from the call's options of that name. */
  readonly path: string;
  /** A POST's JSON body (an empty body reads as `{}`); a GET's query. An object schema (`z.lazy` of one at most). */
  readonly input?: z.ZodMiniType;
  /** The JSON answer; absent: the call downloads a file. */
  readonly response?: z.ZodMiniType;
  /** A download's content type by format (a GET without `format`: the only key is its one format). */
  readonly download?: Readonly<Record<string, string>>;
  /** Codes this operation answers besides COMMON_ERRORS (and IDEMPOTENT_ERRORS on a POST). */
  readonly errors: readonly string[];
  readonly source: OperationSource;
  /**
   * A list answered a page at a time (./pages.ts): its query takes `cursor` and `limit`, its answer is
   * `{ data, next_cursor }`, and the client's method iterates every page.
   */
  readonly paged?: true;
}

/** Codes any signed call may answer: the request, its signature, its route. */
export const COMMON_ERRORS = [
  'BAD_REQUEST',
  'INVALID_JSON',
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'MISSING_HEADER',
  'MALFORMED_HEADER',
  'UNKNOWN_KEY',
  'BAD_SIGNATURE',
  'BODY_DIGEST_MISMATCH',
  'TIMESTAMP_TOO_OLD',
  'TIMESTAMP_IN_FUTURE',
  'UNAUTHORISED',
  'METHOD_NOT_ALLOWED',
  'INTERNAL',
] as const;
/** What a POST may answer besides: its `Idempotency-Key` sent again with another body. */
export const IDEMPOTENT_ERRORS = ['IDEMPOTENCY_KEY_REUSED'] as const;

/** A path parameter: letters, digits, `-` and `_`, 1–128 (the journey URL's id rule). */
export const PATH_PARAM = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1-128 letters, digits, - or _')),
);

/** The bundle's content type per format. */
export const BUNDLE_CONTENT_TYPES: Readonly<Record<api.BundleFormat, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8; header=present',
  json: 'application/json; charset=utf-8',
};
/** The credit report's content type (it has one format). */
export const REPORT_CONTENT_TYPES: Readonly<Record<string, string>> = { pdf: 'application/pdf' };

const bundleQuery = /* @__PURE__ */ z.lazy(() => z.strictObject({ format: z.enum(api.BUNDLE_FORMATS) }));
const REPAYMENT = ['ACCOUNT_NOT_FOUND', 'ACCOUNT_CLOSED'];

/** Applications, consents and bundles. */
const openBanking = () =>
  ({
    // ---- open banking [seed] ------------------------------------------------------------------------------------
    startApplication: {
      method: 'POST',
      path: '/api/v1/{vendor}/{ref}/profile',
      input: api.profileBody,
      response: api.applicationResponse,
      errors: [
        'APPLICATION_NOT_STARTED',
        'NO_INSTITUTION',
        'PATHWAY_MISMATCH',
        'INSTITUTION_LOCKED',
        'IDENTITY_LOCKED',
      ],
      source: 'seed',
    },
    createConsent: {
      method: 'POST',
      path: '/api/v1/{vendor}/{ref}/consents',
      input: api.consentBody,
      response: api.consentResponse,
      errors: [
        'APPLICATION_NOT_FOUND',
        'APPLICATION_NOT_STARTED',
        'NO_INSTITUTION',
        'PATHWAY_MISMATCH',
        'INSTITUTION_LOCKED',
        'CONSENT_NOT_FOUND',
        'CONSENT_NOT_ACTIVE',
      ],
      source: 'seed',
    },
    finalise: {
      method: 'POST',
      path: '/api/v1/{vendor}/{ref}/finalise',
      input: api.finaliseBody,
      response: api.finaliseResponse,
      errors: ['APPLICATION_NOT_FOUND', 'DATA_NOT_RETRIEVED', 'CONSENT_EXPIRED', 'CONSENT_REVOKED'],
      source: 'seed',
    },
    downloadBundle: {
      method: 'GET',
      path: '/api/v1/applications/{id}/bundle',
      input: bundleQuery,
      download: BUNDLE_CONTENT_TYPES,
      errors: ['APPLICATION_NOT_FOUND', 'REPORT_NOT_READY'],
      source: 'seed',
    },
    // ---- consents [ours] ----------------------------------------------------------------------------------------
    listConsents: {
      method: 'GET',
      path: '/api/v1/{vendor}/{ref}/consents',
      response: api.consentListResponse,
      errors: ['APPLICATION_NOT_FOUND'],
      source: 'ours',
    },
    revokeConsent: {
      method: 'POST',
      path: '/api/v1/{vendor}/{ref}/consents/{consent_id}/revoke',
      input: api.revokeConsentBody,
      response: api.consentView,
      errors: ['APPLICATION_NOT_FOUND', 'CONSENT_NOT_FOUND', 'CONSENT_NOT_ACTIVE'],
      source: 'ours',
    },
    // ---- an institution's name and logo, for the messages you send the customer [ours] --------------------------
    getInstitution: {
      method: 'GET',
      path: '/api/v1/institutions/{id}',
      response: api.institutionResponse,
      errors: ['INSTITUTION_NOT_FOUND'],
      source: 'ours',
    },
  }) as const satisfies Record<string, ApiOperation>;

/** Enquiries, reports, accounts, repayments and defaults. */
const creditReporting = () =>
  ({
    // ---- credit reporting [seed] --------------------------------------------------------------------------------
    lodgeEnquiry: {
      method: 'POST',
      path: '/enquiry/lodge',
      input: api.lodgeEnquiryBody,
      response: api.enquiryResponse,
      errors: [],
      source: 'seed',
    },
    getReport: {
      method: 'POST',
      path: '/enquiry/getreport',
      input: api.getReportBody,
      response: api.creditReportResponse,
      errors: ['ENQUIRY_NOT_FOUND'],
      source: 'seed',
    },
    downloadReport: {
      method: 'GET',
      path: '/enquiry/downloadreport',
      input: api.getReportBody,
      download: REPORT_CONTENT_TYPES,
      errors: ['ENQUIRY_NOT_FOUND'],
      source: 'seed',
    },
    createAccount: {
      method: 'POST',
      path: '/account/create',
      input: api.createAccountBody,
      response: api.accountResponse,
      errors: ['ENQUIRY_NOT_FOUND', 'NO_ENQUIRY'],
      source: 'seed',
    },
    updateAccount: {
      method: 'POST',
      path: '/account/update',
      input: api.updateAccountBody,
      response: api.accountResponse,
      errors: REPAYMENT,
      source: 'seed',
    },
    savePayment: {
      method: 'POST',
      path: '/payment/save',
      input: api.savePaymentBody,
      response: api.paymentResponse,
      errors: [...REPAYMENT, ...Object.keys(api.PAYMENT_REFUSAL_STATUS)],
      source: 'seed',
    },
    registerDefault: {
      method: 'POST',
      path: '/default/register',
      input: api.registerDefaultBody,
      response: api.defaultResponse,
      errors: REPAYMENT,
      source: 'seed',
    },
    updateDefault: {
      method: 'POST',
      path: '/default/update',
      input: api.updateDefaultBody,
      response: api.defaultResponse,
      errors: ['UNKNOWN_DEFAULT', 'DEFAULT_CLOSED'],
      source: 'seed',
    },
  }) as const satisfies Record<string, ApiOperation>;

/** The signing token's webhook receivers and journey sessions, and what only the sandbox answers. */
const receiversAndSandbox = () =>
  ({
    // ---- the signing token's webhook receivers [ours] -----------------------------------------------------------
    registerWebhook: {
      method: 'POST',
      path: '/api/v1/webhooks',
      input: api.webhookRegistrationBody,
      response: api.webhookResponse,
      errors: ['WEBHOOK_LIMIT_REACHED'],
      source: 'ours',
    },
    listWebhooks: {
      method: 'GET',
      path: '/api/v1/webhooks',
      response: api.webhookListResponse,
      errors: [],
      source: 'ours',
    },
    deleteWebhook: {
      method: 'DELETE',
      path: '/api/v1/webhooks/{id}',
      response: api.webhookDeletedResponse,
      errors: ['WEBHOOK_NOT_FOUND'],
      source: 'ours',
    },
    // ---- the journey sessions the service recorded, kept 30 days [ours] ------------------------------------------
    getJourneySession: {
      method: 'GET',
      path: '/api/v1/journey-sessions/{id}',
      response: journeys.journeySessionView,
      errors: ['JOURNEY_SESSION_NOT_FOUND'],
      source: 'ours',
    },
    listJourneySessions: {
      method: 'GET',
      path: '/api/v1/journey-sessions',
      input: journeys.journeySessionsQuery,
      response: journeys.journeySessionsPage,
      errors: [],
      source: 'ours',
      paged: true,
    },
    // ---- only the sandbox: its clock, a consent's end, the deliveries [ours] ------------------------------------
    advanceClock: {
      method: 'POST',
      path: '/sandbox/v1/clock',
      input: sandbox.advanceClockBody,
      response: sandbox.advanceClockResponse,
      errors: [],
      source: 'sandbox',
    },
    expireConsent: {
      method: 'POST',
      path: '/sandbox/v1/consents/{consent_id}/expire',
      response: api.consentView,
      errors: ['CONSENT_NOT_FOUND', 'CONSENT_NOT_ACTIVE'],
      source: 'sandbox',
    },
    listSandboxDeliveries: {
      method: 'GET',
      path: '/sandbox/v1/deliveries',
      input: sandbox.deliveriesQuery,
      response: sandbox.deliveriesResponse,
      errors: [],
      source: 'sandbox',
    },
    resendDelivery: {
      method: 'POST',
      path: '/sandbox/v1/deliveries/{event_id}/resend',
      response: sandbox.resendDeliveryResponse,
      errors: ['NOT_FOUND'],
      source: 'sandbox',
    },
  }) as const satisfies Record<string, ApiOperation>;

/** The token's events and each receiver's delivery log. */
const eventsAndDeliveries = () =>
  ({
    // ---- the token's events, kept 30 days: listed, recovered, resent; each receiver's delivery log [ours] ------
    listEvents: {
      method: 'GET',
      path: '/api/v1/events',
      input: events.eventsQuery,
      response: events.eventsPage,
      errors: ['EVENTS_EXPIRED'],
      source: 'ours',
      paged: true,
    },
    recoverWebhook: {
      method: 'POST',
      path: '/api/v1/webhooks/{id}/recover',
      input: events.recoverBody,
      response: events.recoverResponse,
      errors: ['WEBHOOK_NOT_FOUND', 'EVENTS_EXPIRED'],
      source: 'ours',
    },
    resendEvent: {
      method: 'POST',
      path: '/api/v1/events/{event_id}/resend',
      input: events.resendEventBody,
      response: events.resendEventResponse,
      errors: ['EVENT_NOT_FOUND'],
      source: 'ours',
    },
    listDeliveries: {
      method: 'GET',
      path: '/api/v1/webhooks/{id}/deliveries',
      input: events.receiverDeliveriesQuery,
      response: events.receiverDeliveriesPage,
      errors: ['WEBHOOK_NOT_FOUND', 'EVENTS_EXPIRED'],
      source: 'ours',
      paged: true,
    },
  }) as const satisfies Record<string, ApiOperation>;

/**
 * The rows. Built by a call marked pure: reading the schemas of api.ts could run a getter as far as a bundler knows,
 * so a table written out at module level would stay in every bundle that imports this module, even one that never
 * uses the table (the Fetch-runtime verifier).
 */
export const API_OPERATIONS = /* @__PURE__ */ (() => ({
  ...openBanking(),
  ...creditReporting(),
  ...receiversAndSandbox(),
  ...eventsAndDeliveries(),
}))();

/**
 * The client's methods that call another row's operation their own way, each with the row it calls: a stricter
 * body (`attachInstitution`, `renewConsent`) or a field it fills (`closeAccount`). What each adds is beside it in
 * src/server/client/operations.ts; the OpenAPI document names them with the row (`x-client-methods`).
 */
export const CLIENT_VARIANTS = {
  attachInstitution: 'startApplication',
  renewConsent: 'createConsent',
  closeAccount: 'updateAccount',
} as const satisfies Record<string, ServiceOperationName>;
export type ClientVariantName = keyof typeof CLIENT_VARIANTS;

/** The client's methods that call row `name`: its own (a row the service answers has one), then its variants. */
export function clientMethodsOf(name: string, row: ApiOperation): string[] {
  const own = row.source === 'sandbox' ? [] : [name];
  return [...own, ...Object.keys(CLIENT_VARIANTS).filter((v) => CLIENT_VARIANTS[v as ClientVariantName] === name)];
}

export type ApiOperations = typeof API_OPERATIONS;
export type ApiOperationName = keyof ApiOperations;
/** The operations the service answers (the client has a method for each); the rest only the sandbox answers. */
export type ServiceOperationName = {
  [K in ApiOperationName]: ApiOperations[K]['source'] extends 'sandbox' ? never : K;
}[ApiOperationName];

/** `'/a/{x}/b/{y}'` → `'x' | 'y'`. */
export type PathKeys<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathKeys<Rest> : never;

/** The `{name}` keys of a path template, in order. */
export function pathKeys(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Every code an operation may answer: its own, those of every signed call, and a POST's. */
export function operationErrors(op: ApiOperation): string[] {
  return [...new Set([...op.errors, ...COMMON_ERRORS, ...(op.method === 'POST' ? IDEMPOTENT_ERRORS : [])])];
}

/** An object schema's shape, through the `z.lazy` the protocol's schemas are built in. */
type ShapeOf<S> =
  S extends z.ZodMiniLazy<infer T> ? ShapeOf<T> : S extends z.ZodMiniObject<infer Shape> ? Shape : never;
type InputShape<N extends ApiOperationName> = ApiOperations[N] extends { input: infer S } ? ShapeOf<S> : unknown;
type PathShape<N extends ApiOperationName> = { [K in PathKeys<ApiOperations[N]['path']>]: typeof PATH_PARAM };
/** What a caller gives an operation, as one object shape: its path parameters and its body's (or query's) fields. */
export type OperationShape<N extends ApiOperationName> = PathShape<N> & InputShape<N>;

/** The object schema inside `z.lazy`s. */
function objectOf(schema: z.ZodMiniType | undefined): z.ZodMiniObject | undefined {
  let s: z.core.$ZodType | undefined = schema;
  while (s && s._zod.def.type === 'lazy') s = (s as z.ZodMiniLazy)._zod.def.getter();
  return s as z.ZodMiniObject | undefined;
}

/**
 * The fields an operation takes as one zod shape (path parameters first), for a tool that calls the operation and
 * asks for the same fields, required where the service requires them. A row's refinements are not in it: the
 * operation's own check (the client's, the service's) still runs when it is called.
 */
export function operationShape<N extends ApiOperationName>(name: N): OperationShape<N> {
  const op: ApiOperation = API_OPERATIONS[name];
  const shape: Record<string, z.core.$ZodType> = {};
  for (const key of pathKeys(op.path)) shape[key] = PATH_PARAM;
  Object.assign(shape, objectOf(op.input)?._zod.def.shape);
  return shape as OperationShape<N>;
}
