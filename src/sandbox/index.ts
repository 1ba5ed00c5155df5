// `hosted-journey/sandbox`: a local stand-in of the service for demos, tests and integrators' CI.
export { startSandbox, DEFAULT_TOKENS } from './sandbox.js';
export type { Sandbox, SandboxOptions, SandboxWebhookOption } from './sandbox.js';
export { LOOPBACK, ANY_VENDOR, isLoopbackOrigin } from './parent-origins.js';
export type { ParentOriginRegistry } from './parent-origins.js';
export { JOURNEY_SESSION_TTL_MS } from './journey-session.js';
export type { SandboxToken } from './context.js';
export type { Delivery, RetryPolicy, WebhookReceiver } from './webhooks/sender.js';
export type { SandboxIndex, SandboxIndexDelivery, SandboxIndexWebhook } from './index-page.js';
export { SandboxErrorCode, ERROR_STATUS, isSandboxHttpError } from './errors.js';
export { INSTITUTIONS, CRAWLER_LOGINS } from './data/institutions.js';
export type { Institution } from './data/institutions.js';
export { CATEGORIES, classify } from './data/classify.js';
export type { Category } from './data/classify.js';
