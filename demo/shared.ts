/** Shapes the demo server streams to its pages (Server-Sent Events). Shared by demo/server code and the browser bundles. */

export interface LogEntry {
  /** Webhook `event_id`, or a server-made id for the server's own steps. */
  id: string;
  source: 'webhook' | 'server';
  type: string;
  at: string;
  detail?: string;
  /** The consent a `consent.*` webhook is about. */
  consentId?: string;
}

export interface ApplicationSnapshot {
  ref: string;
  applicationId?: string;
  entries: LogEntry[];
  reportReady: boolean;
}

/** SSE event names. */
export const SSE = { snapshot: 'snapshot', entry: 'entry' } as const;

export const BUNDLE_FORMATS = ['pdf', 'csv', 'json'] as const;

export const bundleHref = (ref: string, format: (typeof BUNDLE_FORMATS)[number]) =>
  `/api/applications/${encodeURIComponent(ref)}/bundle.${format}`;
export const eventsHref = (ref: string) => `/api/applications/${encodeURIComponent(ref)}/events`;

/** One consent as the Connections page shows it (GET /api/connections). */
export interface ConnectionView {
  ref: string;
  consent_id: string;
  institution_id: string;
  status: string;
  revoked_by?: string;
  sharing_days: number;
  sharing_expires_at: string | null;
  /** Whole days from the sandbox's clock to `sharing_expires_at` (rounded up); null before authorisation. */
  days_left: number | null;
  account_ids: string[];
  /** `consent.expiring` webhooks Lendly processed for this consent. */
  warnings: number;
}

export interface ConnectionsSnapshot {
  /** The sandbox's clock (it moves with "advance the clock"). */
  now: string;
  connections: ConnectionView[];
}

/** The Connections page's calls. */
export const CONNECTIONS_API = {
  list: '/api/connections',
  events: '/api/connections/events',
  clock: '/api/connections/clock',
  connect: '/api/connections/connect',
  revoke: '/api/connections/revoke',
} as const;
