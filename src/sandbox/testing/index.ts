/**
 * `hosted-journey-sandbox/testing`: what an integrator's own tests need against the sandbox.
 *   startTestSandbox()  a sandbox on a free loopback port, tuned for tests, that never outlives the test process
 *   completeJourney()   a Playwright helper that clicks through the sandbox journey embedded in a page
 *   triggerJourney()    the same journey without a browser: the pages' and the bank's calls over HTTP
 *   advanceClock(), expireConsent(), revokeAtBank(), triggerRenewal()  the consent's year, no browser
 *   listDeliveries(), resendDelivery()  a running sandbox's webhook deliveries: inspect, send again
 *   SandboxKitError     what each of them throws, named after it (`TriggerJourneyError` for triggerJourney)
 * `@playwright/test` is an optional peer: only its types are used here, nothing of it is imported at run time.
 */
export { startTestSandbox } from './test-sandbox.js';
export type { TestSandbox, TestSandboxOptions, TestWebhook, WebhookMatch } from './test-sandbox.js';
export { completeJourney } from './complete-journey.js';
export type {
  CompleteCdrJourney,
  CompleteCrawlerJourney,
  CompleteJourneyOptions,
  CompleteJourneyResult,
  JourneyPage,
} from './complete-journey.js';
export { triggerJourney } from './trigger.js';
export { SandboxKitError, TriggerJourneyError, isSandboxKitError, isTriggerJourneyError } from './errors.js';
export type { SandboxKitErrorCode, SandboxKitOperation } from './errors.js';
export type { TriggerJourneyOptions, TriggerJourneyResult, TriggerOutcome } from './trigger.js';
export { advanceClock, expireConsent, revokeAtBank, triggerRenewal } from './consents.js';
export type { ConsentRef, SandboxTarget, TriggerRenewalOptions } from './consents.js';
export { listDeliveries, resendDelivery } from './deliveries.js';
export type { DeliveryFilter } from './deliveries.js';
