// The wire: every decision both sides share. Internal entry (not in the exports map); the public entries re-export
// what integrators need. Browser code imports ./browser.js instead (no zod).
export * from './browser.js';
export * from './signing.js';
export * from './webhooks.js';
export * from './api.js';
export * from './consents.js';
export * from './applications.js';
export * from './sandbox.js';
export * from './operations.js';
export * from './pages.js';
export * from './journey-sessions.js';
export * from './events.js';
