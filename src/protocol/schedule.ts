/**
 * What the service publishes about delivering and keeping a token's events [ours], without any schema: the sandbox
 * sends on it, the webhook handler's defaults and `catchUp` are sized by it, docs/production.md tabulates it.
 */
// Literals, not products of each other: a top-level expression is kept by bundlers in every bundle that imports
// this module (the verifier's included: bench/size.mjs).
const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The wait before each attempt to deliver an event to one receiver, the first immediate: 8 attempts over
 * 27 h 35 min 5 s (the schedule Svix publishes), each wait but the first moved by up to `RETRY_JITTER`.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
/** The most a wait of the schedule moves, as a fraction of it (±10 %): receivers back up do not all retry at once. */
export const RETRY_JITTER = 0.1;
/** A receiver whose every attempt failed for this long (5 days) is disabled; `webhook.disabled` tells the others. */
export const DISABLE_AFTER_MS = 5 * DAY;
/** How long the service keeps a token's events and each receiver's delivery log: 30 days. */
export const EVENT_RETENTION_MS = 30 * DAY;
/** The retention in words, as errors and docs name it. */
export const EVENT_RETENTION = '30 days';
