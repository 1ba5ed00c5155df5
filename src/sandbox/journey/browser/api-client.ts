/**
 * The journey pages' client for the journey-facing API (same origin, no HMAC), built from its table in
 * src/protocol/journey-api.ts: one generic call per row, so no path is spelled here.
 * The sandbox refuses a request without `Content-Type: application/json` or with a foreign `Origin` (CSRF guard),
 * so every call sends the header, GETs included; and one without the page's session credential (401), so every call
 * sends `X-Journey-Session` with the credential the page was served with, and `traceparent` when the journey session
 * has one (the sandbox keeps it as the application's trace: its webhooks then join the widget's session), and
 * `X-Journey-Session-Id` when the widget named the session (the sandbox's session record then has its id).
 * A failure keeps only the answer's `code`: the journey shows its catalogue's words for it, never the server's text.
 */
import {
  JOURNEY_API,
  JOURNEY_SESSION_HEADER,
  JOURNEY_SESSION_ID_HEADER,
  journeyApiErrorCode,
  journeyApiPath,
  type CrawlerResultBody,
  type JourneyApiErrorCode,
  type JourneyApiRoute,
  type JourneyApiShapes,
  type JourneyApplicationBody,
  type JourneyApplicationStatus,
  type JourneyInstitution,
  type JourneyStatusBody,
} from '../../../protocol/journey-api.js';
import { TRACE_HEADERS } from '../../../protocol/trace-context.js';

export type Institution = JourneyInstitution;
export type JourneyApplication = JourneyApplicationBody;
export type JourneyStatus = JourneyApplicationStatus;
export type StatusResponse = JourneyStatusBody;
export type CrawlerResult = CrawlerResultBody;

/** A failure answered by the journey API, or a network failure (`status` 0, `NETWORK`). */
export class JourneyApiError extends Error {
  override readonly name = 'JourneyApiError' as const;
  constructor(
    readonly status: number,
    readonly code: JourneyApiErrorCode,
  ) {
    super(`journey API: ${status} ${code}`);
  }
}

export function isJourneyApiError(e: unknown): e is JourneyApiError {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'JourneyApiError';
}

/** The code of a failed call (`INTERNAL` for anything that is not a journey-API failure). */
export const failureCode = (e: unknown): JourneyApiErrorCode => (isJourneyApiError(e) ? e.code : 'INTERNAL');

type Answer<R extends JourneyApiRoute> = Promise<JourneyApiShapes[R]['answer']>;
type Body<R extends JourneyApiRoute> = JourneyApiShapes[R]['body'];

export interface JourneyApi {
  institutions(): Promise<Institution[]>;
  start(body: Body<'start'>): Answer<'start'>;
  institution(body: Body<'institution'>): Answer<'institution'>;
  consent(body?: Body<'consent'>): Answer<'consent'>;
  /** A consent's decision and, for a framed journey's consent, where the redirect round trip returns to. */
  consentReturn(consentId: string): Answer<'consentReturn'>;
  crawlerLogin(body: Body<'crawlerLogin'>): Answer<'crawlerLogin'>;
  crawlerOtp(body: Body<'crawlerOtp'>): Answer<'crawlerOtp'>;
  /** `null` when no application exists yet for this vendor/ref. */
  status(): Promise<StatusResponse | null>;
  /** Renew mode: the consent as it is now, to show pre-selected. */
  renewal(consentId: string): Answer<'renewal'>;
  /** Renew mode: a renewal of the consent, to take to the bank. */
  renew(consentId: string, body: Body<'renew'>): Answer<'renew'>;
  /** Renew mode: the customer left; sent with `keepalive`, so it survives the frame being removed. */
  cancelRenewal(consentId: string): Answer<'cancelRenewal'>;
  /**
   * The step shown now (and the code of the error it shows), for the service's record of the journey session; sent
   * with `keepalive`, so the last one survives the tab closing.
   */
  step(body: Body<'step'>): Answer<'step'>;
}

export interface JourneyApiOptions {
  vendor: string;
  ref: string;
  session?: string | undefined;
  /** The journey session's W3C traceparent, read at every call (it arrives with the handshake). */
  traceparent?: () => string | undefined;
  /** The widget's journey session id, read at every call (it arrives with the handshake). */
  sessionId?: () => string | undefined;
}

export function createJourneyApi(options: JourneyApiOptions): JourneyApi {
  async function call<R extends JourneyApiRoute>(route: R, body?: Body<R>, id?: string, keepalive = false): Answer<R> {
    const { method } = JOURNEY_API[route];
    const trace = options.traceparent?.();
    const sessionId = options.sessionId?.();
    let res: Response;
    try {
      res = await fetch(journeyApiPath(route, options.vendor, options.ref, id), {
        method,
        keepalive,
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.session ? { [JOURNEY_SESSION_HEADER]: options.session } : {}),
          ...(trace ? { [TRACE_HEADERS.traceparent]: trace } : {}),
          ...(sessionId ? { [JOURNEY_SESSION_ID_HEADER]: sessionId } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    } catch {
      throw new JourneyApiError(0, 'NETWORK');
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* non-JSON answer: reported below */
    }
    if (!res.ok) {
      const err = (json as { error?: { code?: unknown } } | undefined)?.error;
      throw new JourneyApiError(res.status, journeyApiErrorCode(err?.code));
    }
    return json as JourneyApiShapes[R]['answer'];
  }

  return {
    institutions: async () => (await call('institutions')).institutions,
    start: (body) => call('start', body),
    institution: (body) => call('institution', body),
    consent: (body) => call('consent', body ?? {}),
    consentReturn: (id) => call('consentReturn', undefined, id),
    crawlerLogin: (body) => call('crawlerLogin', body),
    crawlerOtp: (body) => call('crawlerOtp', body),
    renewal: (id) => call('renewal', undefined, id),
    renew: (id, body) => call('renew', body, id),
    cancelRenewal: (id) => call('cancelRenewal', undefined, id, true),
    step: (body) => call('step', body, undefined, true),
    async status() {
      try {
        return await call('status');
      } catch (e) {
        if (isJourneyApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
  };
}
