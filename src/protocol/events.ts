/**
 * What the service keeps of a token's events and how it delivers them [ours]: the published retry schedule, when a
 * receiver is disabled, how long events and delivery logs are kept, and the bodies of the events list, recovery,
 * resend and the delivery log (operations.ts puts each on its row).
 */
import * as z from 'zod/mini';
import { pageQueryShape, pageSchema } from './pages.js';

export * from './schedule.js';

const time = /* @__PURE__ */ z.lazy(() =>
  z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-12-01T00:00:00Z' }),
);
const eventTypeName = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(100)));
const label = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1-128 letters, digits, - or _')),
);

/**
 * `listEvents`' query: the token's events created at or after `since` and before `until`, of `types` (any, when
 * absent), of one application (`vendor` and `ref`), oldest first. `since` older than the retention is
 * `EVENTS_EXPIRED`.
 */
export const eventsQuery = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    since: time,
    until: z.optional(time),
    types: z.optional(z.array(eventTypeName).check(z.minLength(1), z.maxLength(64))),
    vendor: z.optional(label),
    ref: z.optional(label),
    ...pageQueryShape(),
  }),
);

/** One event as the list holds it: the envelope a delivery carries (src/protocol/webhooks.ts), as it was sent. */
export const listedEvent = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    event_id: z.string(),
    type: z.string(),
    created_at: z.string(),
    vendor: z.string(),
    ref: z.string(),
    application_id: z.optional(z.string()),
    data: z.unknown(),
  }),
);
export const eventsPage = /* @__PURE__ */ z.lazy(() => pageSchema(listedEvent));

/** `recoverWebhook`: every event since (and before `until`) the receiver did not acknowledge, sent to it again. */
export const recoverBody = /* @__PURE__ */ z.lazy(() => z.strictObject({ since: time, until: z.optional(time) }));
/** `queued`: how many events were queued to the receiver again. */
export const recoverResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ webhook_id: z.string(), queued: z.int(), enabled: z.boolean() }),
);
/** `resendEvent` takes no fields. */
export const resendEventBody = /* @__PURE__ */ z.lazy(() => z.strictObject({}));
/** `queued`: how many receivers the event was queued to again. */
export const resendEventResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ event_id: z.string(), queued: z.int() }),
);

/** `listDeliveries`' query: the receiver's attempts at or after `since`, oldest first. */
export const receiverDeliveriesQuery = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ since: z.optional(time), ...pageQueryShape() }),
);
/** One attempt to deliver an event to one receiver, as its delivery log keeps it. */
export const receiverDelivery = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    event_id: z.string(),
    type: z.string(),
    attempt: z.int(),
    /** When the attempt was made. */
    at: z.string(),
    /** The receiver's HTTP status; null on a timeout or network error (`error` says which). */
    status: z.nullable(z.int()),
    error: z.optional(z.string()),
    latency_ms: z.number(),
    /** When the next attempt is due; null when none follows (acknowledged, or the schedule ran out). */
    next_retry_at: z.nullable(z.string()),
    /** The delivery's W3C trace id (the traceparent it carried). */
    trace_id: z.optional(z.string()),
  }),
);
export const receiverDeliveriesPage = /* @__PURE__ */ z.lazy(() => pageSchema(receiverDelivery));

export type EventsQuery = z.infer<typeof eventsQuery>;
export type ListedEvent = z.infer<typeof listedEvent>;
export type RecoverResponse = z.infer<typeof recoverResponse>;
export type ResendEventResponse = z.infer<typeof resendEventResponse>;
export type ReceiverDelivery = z.infer<typeof receiverDelivery>;
