/** Shapes the demo server streams to its pages (Server-Sent Events). Shared by demo/server code and the browser bundles. */

export interface LogEntry {
  /** Webhook `event_id`, or a server-made id for the server's own steps. */
  id: string;
  source: 'webhook' | 'server';
  type: string;
  at: string;
  detail?: string;
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
