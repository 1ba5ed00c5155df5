/**
 * The journey-facing API [ours]: the JSON API a journey's own pages call on their origin (the sandbox serves it at
 * `/journey-api/…`, same origin, no HMAC).
 */

/** Request header carrying the page's session credential (from its `hj-config`); sent on every journey-API call. */
export const JOURNEY_SESSION_HEADER = 'x-journey-session';
