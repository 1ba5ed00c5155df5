/**
 * The bodies of the sandbox-only signed operations (operations.ts, source `sandbox`) [ours]: the sandbox validates
 * with them and the OpenAPI document is generated from them, so the two cannot drift.
 */
import * as z from 'zod/mini';

/** Most deliveries one `listSandboxDeliveries` answers. */
export const MAX_DELIVERIES = 1000;

/** `{ advance: '30d' }`: milliseconds, or a number and a unit ms, s, m, h, d, w. */
export const advanceClockBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ advance: z.union([z.string().check(z.minLength(1)), z.number()]) }),
);
export const advanceClockResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ now: z.string(), advanced_ms: z.number() }),
);

/** The query of `listSandboxDeliveries`: one event's attempts, one type's, the last `limit` (default 100). */
export const deliveriesQuery = /* @__PURE__ */ z.lazy(() => {
  const limit = `must be a whole number from 1 to ${MAX_DELIVERIES}`;
  return z.object({
    event_id: z.optional(z.string()),
    type: z.optional(z.string()),
    limit: z.optional(z.int({ error: limit }).check(z.gte(1, limit), z.lte(MAX_DELIVERIES, limit))),
  });
});

/** One attempt to deliver an event to one receiver. */
export const deliveryView = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    event_id: z.string(),
    type: z.string(),
    application_id: z.optional(z.string()),
    /** The receiver's URL without its query or credentials. */
    url: z.string(),
    attempt: z.int(),
    /** The receiver's HTTP status; null on a timeout or network error. */
    status: z.nullable(z.int()),
    error: z.optional(z.string()),
    /** The deliberate second copy of an event. */
    duplicate: z.boolean(),
    /** A copy sent again on request (`resendDelivery`). */
    resent: z.optional(z.literal(true)),
    at: z.string(),
    /** The last attempt of an event no receiver accepted: the sender gave up on it. */
    gave_up: z.optional(z.literal(true)),
    /** What the receiver's answer suggests (which secret the sandbox signs with after a `BAD_SIGNATURE`). */
    hint: z.optional(z.string()),
  }),
);
export const deliveriesResponse = /* @__PURE__ */ z.lazy(() => z.looseObject({ deliveries: z.array(deliveryView) }));

/** `queued`: how many receivers the event was queued to again. */
export const resendDeliveryResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ event_id: z.string(), queued: z.int() }),
);

export type AdvanceClockResponse = z.infer<typeof advanceClockResponse>;
export type DeliveryView = z.infer<typeof deliveryView>;
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;
export type ResendDeliveryResponse = z.infer<typeof resendDeliveryResponse>;
