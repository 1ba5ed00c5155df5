/**
 * The journey pages' client for the sandbox's journey-facing API (same origin, no HMAC).
 * The sandbox refuses a request without `Content-Type: application/json` or with a foreign `Origin` (CSRF guard),
 * so every call sends the header, GETs included; and one without the page's session credential (401), so every call
 * sends `X-Journey-Session` with the credential the page was served with.
 */
import type { Pathway } from '../../../protocol/api.js';
import { JOURNEY_SESSION_HEADER } from '../../../protocol/journey-api.js';

export interface Institution {
  id: string;
  name: string;
  pathways: Pathway[];
  colour?: string;
}

export interface JourneyApplication {
  application_id: string;
  status: string;
  [extra: string]: unknown;
}

export type JourneyStatus =
  | 'started'
  | 'institution_selected'
  | 'consent_pending'
  | 'consented'
  | 'crawling'
  | 'released'
  | 'crawled'
  | 'finalised'
  | 'report_ready'
  | 'denied';

export interface StatusResponse {
  application_id: string;
  status: JourneyStatus;
  accounts?: number;
  transactions?: number;
}

/** The `crawler.lifecycle_updated` status [doc] a login or code ended in (see core/lifecycle.ts). */
export interface CrawlerResult {
  status: 'RELEASED' | 'AUTH' | 'FAILED' | 'TIMEDOUT';
  message?: string;
}

/** An error answered by the journey API (`{ error: { code, message } }`) or a network failure (`status` 0). */
export class JourneyApiError extends Error {
  override readonly name = 'JourneyApiError' as const;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function isJourneyApiError(e: unknown): e is JourneyApiError {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'JourneyApiError';
}

export interface JourneyApi {
  institutions(): Promise<Institution[]>;
  start(body: { full_name: string; email: string; phone?: string }): Promise<JourneyApplication>;
  institution(body: { institution_id: string; pathway: Pathway }): Promise<JourneyApplication>;
  consent(body?: { return_url?: string; parent_origin?: string }): Promise<{ consent_id: string; consent_url: string }>;
  /** A consent's decision and, for a framed journey's consent, where the redirect round trip returns to. */
  consentReturn(
    consentId: string,
  ): Promise<{ status: 'pending' | 'authorised' | 'denied'; return_to?: string; channel?: string }>;
  crawlerLogin(body: { institution_id: string; username: string; password: string }): Promise<CrawlerResult>;
  crawlerOtp(body: { code: string }): Promise<CrawlerResult>;
  /** `null` when no application exists yet for this vendor/ref. */
  status(): Promise<StatusResponse | null>;
}

export function createJourneyApi(options: {
  apiBase: string;
  vendor: string;
  ref: string;
  session?: string | undefined;
}): JourneyApi {
  const base = options.apiBase.replace(/\/$/, '');
  const app = `${base}/${encodeURIComponent(options.vendor)}/${encodeURIComponent(options.ref)}`;

  async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.session ? { [JOURNEY_SESSION_HEADER]: options.session } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    } catch {
      throw new JourneyApiError(0, 'NETWORK', 'We could not reach the service. Check your connection and try again.');
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* non-JSON answer: reported below */
    }
    if (!res.ok) {
      const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new JourneyApiError(
        res.status,
        err?.code ?? `HTTP_${res.status}`,
        err?.message ?? `The service answered ${res.status}.`,
      );
    }
    return json as T;
  }

  return {
    institutions: async () => (await call<{ institutions: Institution[] }>('GET', `${base}/institutions`)).institutions,
    start: (body) => call('POST', `${app}/start`, body),
    institution: (body) => call('POST', `${app}/institution`, body),
    consent: (body) => call('POST', `${app}/consent`, body ?? {}),
    consentReturn: (id) => call('GET', `${app}/consents/${encodeURIComponent(id)}`),
    crawlerLogin: (body) => call('POST', `${app}/crawler/login`, body),
    crawlerOtp: (body) => call('POST', `${app}/crawler/otp`, body),
    async status() {
      try {
        return await call<StatusResponse>('GET', `${app}/status`);
      } catch (e) {
        if (isJourneyApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
  };
}
