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
export const SSE = { snapshot: 'snapshot', entry: 'entry', trace: 'trace' } as const;

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
  /** GET: the receiver panel ({@link ReceiverView}); POST `{ down }`: takes Lendly's /webhooks down or brings it back. */
  receiver: '/api/connections/receiver',
  catchUp: '/api/connections/catch-up',
  resend: '/api/connections/resend',
} as const;

/** One failed attempt of the sandbox's delivery log for Lendly's receiver (`listDeliveries`). */
export interface FailedAttempt {
  event_id: string;
  type: string;
  attempt: number;
  at: string;
  /** The receiver's status; null on a timeout or network error. */
  status: number | null;
  /** When the sandbox tries again; null when it gave up. */
  next_retry_at: string | null;
}

/** The Connections page's receiver panel (GET /api/connections/receiver). */
export interface ReceiverView {
  /** Lendly's /webhooks answers 503 while true. */
  down: boolean;
  /** The sandbox's time the receiver went down (where Catch up reads the events list from). */
  since: string | null;
  /** The latest failed attempts since then, newest first. */
  failed: FailedAttempt[];
}

/** What Resend answers: the sandbox queued the event again, and how Lendly's handler answered the copy. */
export interface ResendView {
  event_id: string;
  queued: number;
  /** The handler's outcome for the copy (`duplicate` for an event already processed); absent if none came in time. */
  outcome?: string;
}

/** Where an application's trace rows come from: the waterfall's Service column. */
export const TRACE_SERVICES = ['page', 'widget', 'demo server', 'sandbox', 'handler'] as const;
export type TraceService = (typeof TRACE_SERVICES)[number];

/**
 * One row of an application's trace: a span, or an instant (a widget event: `start === end`). Times are milliseconds
 * since the epoch. Nothing in a row is personal or secret: names are route templates, event types and span names,
 * `detail` a status code, a delivery's outcome or a retry count.
 */
export interface TraceRow {
  service: TraceService;
  name: string;
  /** 16 lowercase hex digits. */
  spanId: string;
  parentId?: string;
  start: number;
  end: number;
  /** The span ended in error (status ERROR). */
  error?: boolean;
  detail?: string;
}

export interface TraceView {
  traceId: string;
  rows: TraceRow[];
}

/** `GET /api/applications/{ref}/trace`, and the SSE `trace` event: `enabled` is false without HOSTED_JOURNEY_TRACE. */
export interface ApplicationTrace {
  enabled: boolean;
  traces: TraceView[];
}

/**
 * What the SPA page posts about its trace (`POST /api/applications/{ref}/widget-events`): the customer's click (a
 * span of the page's own, whose context the widget's session joins) and each widget event, with the traceparent the
 * event carried. Only the event's type and time are kept.
 */
export type PageMark =
  | { kind: 'click'; at: number; end: number; traceparent: string }
  | { kind: 'event'; type: string; at: number; traceparent: string };

export const traceHref = (ref: string) => `/api/applications/${encodeURIComponent(ref)}/trace`;
export const widgetEventsHref = (ref: string) => `/api/applications/${encodeURIComponent(ref)}/widget-events`;
