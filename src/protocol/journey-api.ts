/**
 * The journey-facing API [ours]: the JSON API a journey's own pages call on their origin (the sandbox serves it at
 * `/journey-api/…`, same origin, no HMAC). One table, `JOURNEY_API`: the sandbox's router matches requests with
 * `matchJourneyApi` and the journey's browser client builds its calls with `journeyApiPath`, so neither side spells a
 * path; the sandbox names each request's span with `journeyApiTemplate`. Failures answer
 * `{ error: { code, message } }`: `code` is one of `JOURNEY_API_ERRORS` (the journey shows its catalogue's words
 * for it); `message` is English for developers and never shown to the customer.
 */
import type { Pathway } from './api.js';
import type { KnownApplicationStatus } from './applications.js';

/** Where the API lives on the journey origin. */
export const JOURNEY_API_BASE = '/journey-api';

/** Request header carrying the page's session credential (from its `hj-config`); sent on every journey-API call. */
export const JOURNEY_SESSION_HEADER = 'x-journey-session';
/**
 * Request header naming the journey session a call belongs to: the widget's `sessionId` (from `welcome`). Without it
 * the service names the session by the page load's own id. See src/protocol/journey-sessions.ts.
 */
export const JOURNEY_SESSION_ID_HEADER = 'x-journey-session-id';

/**
 * Every call: its method and path. A path is under `/journey-api/{vendor}/{ref}/` unless `global`; `{id}` is a path
 * parameter. `bankReturn`: the one call a bank-return page's session credential may make.
 */
export const JOURNEY_API = {
  institutions: { method: 'GET', path: 'institutions', global: true },
  start: { method: 'POST', path: 'start' },
  institution: { method: 'POST', path: 'institution' },
  consent: { method: 'POST', path: 'consent' },
  consentReturn: { method: 'GET', path: 'consents/{id}', bankReturn: true },
  crawlerLogin: { method: 'POST', path: 'crawler/login' },
  crawlerOtp: { method: 'POST', path: 'crawler/otp' },
  status: { method: 'GET', path: 'status' },
  /** Renew mode: the consent `{id}` as the journey shows it, pre-selected. */
  renewal: { method: 'GET', path: 'renewals/{id}' },
  /** Renew mode: a renewal of consent `{id}`, to take to the bank. */
  renew: { method: 'POST', path: 'renewals/{id}/start' },
  /** Renew mode: the customer left; a renewal still waiting for the bank ends as a denial would. */
  cancelRenewal: { method: 'POST', path: 'renewals/{id}/cancel' },
  /** The step the page shows now, and the code of the error it shows (the service's journey-session record). */
  step: { method: 'POST', path: 'steps' },
} as const satisfies Record<string, JourneyApiCall>;

export interface JourneyApiCall {
  method: 'GET' | 'POST';
  path: string;
  global?: true;
  bankReturn?: true;
}

export type JourneyApiRoute = keyof typeof JOURNEY_API;

export interface JourneyInstitution {
  id: string;
  name: string;
  pathways: Pathway[];
  colour?: string;
}

/** The journey reads the sandbox's own answers, so it knows every status. */
export type JourneyApplicationStatus = KnownApplicationStatus;

export interface JourneyStatusBody {
  application_id: string;
  status: JourneyApplicationStatus;
  accounts?: number;
  transactions?: number;
}

export interface JourneyApplicationBody {
  application_id: string;
  status: string;
  [extra: string]: unknown;
}

/** The `crawler.lifecycle_updated` status [doc] a login or code ended in; `message` is for developers. */
export interface CrawlerResultBody {
  status: 'RELEASED' | 'AUTH' | 'FAILED' | 'TIMEDOUT';
  message?: string;
}

/**
 * Renew mode's view of the consent it renews: its bank, its accounts (a label each: name and last four digits), its
 * sharing period, and whether it can be renewed (a revoked one cannot).
 */
export interface JourneyRenewalBody {
  consent_id: string;
  application_id: string;
  status: string;
  renewable: boolean;
  institution: { id: string; name: string; colour?: string };
  accounts: Array<{ account_id: string; label: string }>;
  sharing_days: number;
  sharing_expires_at: string | null;
  max_sharing_days: number;
}

/** What each call sends (`undefined`: no body) and answers. */
export interface JourneyApiShapes {
  institutions: { body: undefined; answer: { institutions: JourneyInstitution[] } };
  start: { body: { full_name: string; email: string; phone?: string }; answer: JourneyApplicationBody };
  institution: { body: { institution_id: string; pathway: Pathway }; answer: JourneyApplicationBody };
  consent: {
    body: { return_url?: string; parent_origin?: string; locale?: string };
    answer: { consent_id: string; consent_url: string };
  };
  consentReturn: {
    body: undefined;
    answer: { status: 'pending' | 'authorised' | 'denied'; return_to?: string; channel?: string };
  };
  crawlerLogin: { body: { institution_id: string; username: string; password: string }; answer: CrawlerResultBody };
  crawlerOtp: { body: { code: string }; answer: CrawlerResultBody };
  status: { body: undefined; answer: JourneyStatusBody };
  renewal: { body: undefined; answer: JourneyRenewalBody };
  renew: {
    body: { sharing_days?: number; return_url?: string; parent_origin?: string; locale?: string };
    answer: { consent_id: string; consent_url: string };
  };
  cancelRenewal: { body: undefined; answer: { cancelled: boolean } };
  step: { body: { step: string; error?: string }; answer: { recorded: boolean } };
}

// Compile-time: every call of the table has its shapes, and no shape lacks a call.
type Assert<T extends true> = T;
export type EveryCallShaped = Assert<
  [Exclude<JourneyApiRoute, keyof JourneyApiShapes> | Exclude<keyof JourneyApiShapes, JourneyApiRoute>] extends [never]
    ? true
    : false
>;

/**
 * The codes a journey-API failure answers with; `NETWORK` is the client's own (no answer at all). The journey's
 * catalogue has words for every one (`api.<CODE>`), so a new code without words does not compile.
 */
export const JOURNEY_API_ERRORS = [
  'NETWORK',
  'INVALID_SESSION',
  'FORBIDDEN_ORIGIN',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'BAD_REQUEST',
  'INVALID_JSON',
  'VALIDATION_FAILED',
  'APPLICATION_NOT_FOUND',
  'CONSENT_NOT_FOUND',
  'CONSENT_NOT_ACTIVE',
  'APPLICATION_NOT_STARTED',
  'NO_INSTITUTION',
  'PATHWAY_MISMATCH',
  'INSTITUTION_LOCKED',
  'IDENTITY_LOCKED',
  'OTP_NOT_REQUESTED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type JourneyApiErrorCode = (typeof JOURNEY_API_ERRORS)[number];

/** `code` when it is one of `JOURNEY_API_ERRORS`, else `INTERNAL` (a code the client does not know). */
export function journeyApiErrorCode(code: unknown): JourneyApiErrorCode {
  return (JOURNEY_API_ERRORS as readonly unknown[]).includes(code) ? (code as JourneyApiErrorCode) : 'INTERNAL';
}

/** The path of one call: `/journey-api/institutions`, `/journey-api/acme/cust_1/consents/c_1`. */
export function journeyApiPath(route: JourneyApiRoute, vendor: string, ref: string, id = ''): string {
  const call: JourneyApiCall = JOURNEY_API[route];
  const path = call.path.replace('{id}', encodeURIComponent(id));
  return call.global
    ? `${JOURNEY_API_BASE}/${path}`
    : `${JOURNEY_API_BASE}/${encodeURIComponent(vendor)}/${encodeURIComponent(ref)}/${path}`;
}

/** A call's route template, e.g. `/journey-api/{vendor}/{ref}/consents/{id}`: its span's name, never a filled path. */
export function journeyApiTemplate(route: JourneyApiRoute): string {
  const call: JourneyApiCall = JOURNEY_API[route];
  return call.global ? `${JOURNEY_API_BASE}/${call.path}` : `${JOURNEY_API_BASE}/{vendor}/{ref}/${call.path}`;
}

export interface JourneyApiMatch {
  route: JourneyApiRoute;
  call: JourneyApiCall;
  /** Absent for a `global` call. */
  vendor?: string;
  ref?: string;
  id?: string;
}

/**
 * The call a request's path segments after `/journey-api/` (decoded) name, whatever its method (the caller answers a
 * wrong one with 405), or `null`. Path parameters are returned as given: the caller checks them.
 */
export function matchJourneyApi(segments: readonly string[]): JourneyApiMatch | null {
  for (const [route, call] of Object.entries(JOURNEY_API) as Array<[JourneyApiRoute, JourneyApiCall]>) {
    const pattern = call.path.split('/');
    const [vendor, ref, ...rest] = call.global ? ['', '', ...segments] : segments;
    if (rest.length !== pattern.length) continue;
    if (!pattern.every((p, i) => (p === '{id}' ? rest[i] !== '' : p === rest[i]))) continue;
    const id = rest[pattern.indexOf('{id}')];
    return {
      route,
      call,
      ...(call.global ? {} : { vendor: vendor!, ref: ref! }),
      ...(id !== undefined ? { id } : {}),
    };
  }
  return null;
}
