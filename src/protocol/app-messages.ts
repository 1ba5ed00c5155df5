/**
 * The journey ↔ app messages of a journey in a mobile app's WebView [ours] (url/native.ts names the bridges). Journey →
 * app: every journey event of `journeyEventSchemas` in the same envelope as the web's, its payload stamped with the
 * session (`AppEventStamp`); `bank_authorisation` also carries `url`, the journey origin's bank-redirect URL for the
 * consent. App → journey: `bank_return`, the return link the app received, which the journey checks itself. Kept out of
 * messages.ts so the widget's bundles never carry it.
 */
import { type Infer, obj, type Schema, str } from './check.js';
import type { EmittableEventType, JourneyEventPayloads } from './messages.js';

/** What the journey adds to every event it posts to an app: the web widget's `JourneySession` ids and `at`. */
export interface AppEventStamp {
  /** 32 lowercase hex digits, new with every journey page load. */
  sessionId: string;
  /** The W3C trace id (32 hex) of the session: the URL's `traceparent` when it carried one, else a new trace. */
  traceId: string;
  /** The session's version-00 traceparent, for your server's calls. */
  traceparent: string;
  /** When the journey posted it (epoch ms). */
  at: number;
}

/** Each journey event's payload as an app receives it; `bank_authorisation` with the URL the app opens. */
export type AppEventPayloads = {
  [K in EmittableEventType]: JourneyEventPayloads[K] &
    AppEventStamp &
    (K extends 'bank_authorisation' ? { url: string } : unknown);
};
export type AppEvent = { [K in EmittableEventType]: { type: K; payload: AppEventPayloads[K] } }[EmittableEventType];

/** App → journey messages, by type. */
export const appMessageSchemas = {
  /** The return link the app was opened with (`returnUrl` plus `hj_channel` and `hj_bank_status`), handed back. */
  bank_return: /* @__PURE__ */ obj({ url: /* @__PURE__ */ str(1, 2048) }),
} as const satisfies Record<string, Schema<unknown>>;
export type AppMessageType = keyof typeof appMessageSchemas;
export type AppMessagePayloads = { [K in AppMessageType]: Infer<(typeof appMessageSchemas)[K]> };
