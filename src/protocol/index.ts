// The wire: every decision both sides share. Internal entry (not in the exports map); the public entries re-export
// what integrators need.
export * from './errors.js';
export * from './url.js';
export * from './messages.js';
export * from './signing.js';
export * from './webhooks.js';
export * from './api.js';
