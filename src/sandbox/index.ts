// `hosted-journey-sandbox`: a local stand-in of the service for demos, tests and integrators' CI.
export { startSandbox, DEFAULT_TOKENS } from './start.js';
/** The journey's shipped locales (one list, src/protocol/locale.ts), its default, and what a tag negotiates to. */
export { LOCALES as SHIPPED_LOCALES, DEFAULT_LOCALE, matchLocale } from '../protocol/locale.js';
export type { Sandbox, SandboxOptions, SandboxWebhookOption } from './start.js';
export { LOOPBACK, ANY_VENDOR, isLoopbackOrigin } from './journey/parent-origins.js';
export type { ParentOriginRegistry } from './journey/parent-origins.js';
export { JOURNEY_SESSION_TTL_MS } from './journey/session.js';
/** `standin_bridge=1` on an app's journey URL: the journey page loads the stand-in app bridge first [ours]. */
export { STANDIN_BRIDGE_QUERY } from './journey/pages.js';
export type { SandboxToken } from './core/context.js';
export type { Delivery, RetryPolicy, WebhookReceiver } from './webhooks/sender.js';
export type { SandboxIndex, SandboxIndexDelivery, SandboxIndexWebhook } from './home/model.js';
export {
  SandboxErrorCode,
  ERROR_STATUS,
  isSandboxHttpError,
  SandboxOptionError,
  isSandboxOptionError,
} from './core/errors.js';
export { INSTITUTIONS, CRAWLER_LOGINS } from './data/institutions.js';
export type { Institution } from './data/institutions.js';
export { CATEGORIES, classify } from './data/classify.js';
export type { Category } from './data/classify.js';
