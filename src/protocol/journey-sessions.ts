/**
 * Journey sessions [ours]: the service's record of each opening of the journey, made from what the journey page asks
 * the journey API (src/protocol/journey-api.ts), read back with `getJourneySession` / `listJourneySessions` and sent
 * as the `journey.session` webhook when the session ends. A record holds ids, step names, times, the bank and its
 * pathway, error codes and the outcome: never a name, e-mail, phone or anything else the customer typed.
 */
import * as z from 'zod/mini';
import { openEnum } from './open-enum.js';
import { pageQueryShape, pageSchema } from './pages.js';

/**
 * How a session ended: `completed` (the journey reached its last step, or the application's data is in), `exited`
 * (the customer left; `last_step` says where), `abandoned` (no customer action for the inactivity time; `last_step`
 * says where). `in_progress` until then.
 */
export const JOURNEY_SESSION_OUTCOMES = ['in_progress', 'completed', 'exited', 'abandoned'] as const;
export type JourneySessionOutcome = (typeof JOURNEY_SESSION_OUTCOMES)[number];
/** What the `journey.session` webhook reports: a session that ended. */
export type EndedJourneySessionOutcome = Exclude<JourneySessionOutcome, 'in_progress'>;

/** No customer action for this long ends a session as `abandoned` (the sandbox's `journeyInactivityMs` option). */
export const JOURNEY_INACTIVITY_MS = 10 * 60_000;
/** How long the service keeps a session's record after it started: 30 days. */
export const JOURNEY_SESSION_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** A session id: the widget's `sessionId` (32 lowercase hex), or the page's own (`jps_` and 24 hex). */
export const JOURNEY_SESSION_ID = /^(?:[0-9a-f]{32}|jps_[0-9a-f]{24})$/;

/** The `step` names the journey reports (those of the widget's `step` events). */
const step = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));
const timestamp = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));

/** One session as the service keeps it. */
export const journeySessionView = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    /** The widget's `sessionId` (its events carry the same), else the page's own id. */
    session_id: z.string(),
    vendor: z.string(),
    ref: z.string(),
    /** The application the session acted on, once there is one. */
    application_id: z.nullable(z.string()),
    /** The W3C trace its calls were made in (the widget's `traceId`); null when no call carried one. */
    trace_id: z.nullable(z.string()),
    started_at: timestamp,
    /** The customer's last action (a step, a choice, a login; the page's status polling is none). */
    last_action_at: timestamp,
    ended_at: z.nullable(timestamp),
    outcome: openEnum<JourneySessionOutcome>(),
    /** The step shown last: where an `exited` or `abandoned` session stopped. */
    last_step: z.nullable(step),
    /** Every step shown, in order, with when it was shown. */
    steps: z.array(z.looseObject({ step, at: timestamp })),
    /** The bank the customer chose and its pathway (`cdr` or `crawler`), once chosen. */
    institution: z.nullable(z.looseObject({ id: z.string(), name: z.string(), pathway: z.string() })),
    /** The errors the journey showed: their codes, the step and when. */
    errors: z.array(z.looseObject({ code: z.string(), step: z.nullable(step), at: timestamp })),
  }),
);

/**
 * `listJourneySessions`' query: sessions started at or after `since`, of one vendor, of one ref, oldest first; and
 * the page's `cursor` and `limit`.
 */
export const journeySessionsQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    /** An ISO 8601 time: sessions started at or after it. @example '2026-12-01T00:00:00Z' */
    since: z.optional(z.iso.datetime({ offset: true })),
    vendor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/))),
    ref: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/))),
    ...pageQueryShape(),
  }),
);

/** One page of sessions, oldest first. */
export const journeySessionsPage = /* @__PURE__ */ z.lazy(() => pageSchema(journeySessionView));

export type JourneySessionView = z.infer<typeof journeySessionView>;
export type JourneySessionsQuery = z.infer<typeof journeySessionsQuery>;
export type JourneySessionsPage = z.infer<typeof journeySessionsPage>;
