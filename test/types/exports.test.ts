// The public surface of every package entry, pinned: adding, renaming or removing an exported name
// fails here, so a change to the surface is a visible diff in review. Runtime names only (types are pinned by
// public-api.test.ts and server-api.test.ts). Update the list in the same commit as the change, on purpose.
// @vitest-environment node
import { describe, expect, it } from 'vitest';

/** package entry → [its src module, its exported names]. */
const SURFACE: Record<string, [load: () => Promise<object>, names: string[]]> = {
  'hosted-journey': [
    () => import('../../src/widget/index.js'),
    [
      'DOM_EVENT_PREFIX',
      'JourneyConfigError',
      'JourneyConfigErrorCode',
      'JourneyWidgetErrorCode',
      'RESUME_TTL_MS',
      'buildJourneyUrl',
      'createJourney',
      'isJourneyConfigError',
      'resumeJourney',
    ],
  ],
  'hosted-journey/child': [
    () => import('../../src/child/index.js'),
    [
      'DEFAULT_HANDSHAKE_TIMEOUT_MS',
      'JourneyConfigError',
      'JourneyConfigErrorCode',
      'checkReturnLink',
      'connectToApp',
      'connectToParent',
      'isJourneyConfigError',
    ],
  ],
  'hosted-journey/preact': [() => import('../../src/bindings/preact.js'), ['HostedJourney']],
  'hosted-journey/react': [() => import('../../src/bindings/react.js'), ['HostedJourney', 'useHostedJourney']],
  'hosted-journey/element': [
    () => import('../../src/bindings/element.js'),
    [
      'EVENT_PREFIX',
      'HOSTED_JOURNEY_TAG',
      'HostedJourneyElement',
      'defineHostedJourneyElement',
      'optionsFromAttributes',
    ],
  ],
  // The script tag's global `HostedJourney` (package export './iife').
  'hosted-journey/iife': [
    () => import('../../src/widget/iife.js'),
    [
      'JourneyConfigError',
      'JourneyWidgetErrorCode',
      'buildJourneyUrl',
      'createJourney',
      'isJourneyConfigError',
      'mounted',
      'resume',
      'resumeJourney',
    ],
  ],
  // '.' and './web' are one source (src/server/index.ts); the build swaps only the crypto provider for './web'.
  'hosted-journey-server': [() => import('../../src/server/index.js'), SERVER()],
  'hosted-journey-server/web': [() => import('../../src/server/index.js'), SERVER()],
  'hosted-journey-server/stores': [
    () => import('../../src/server/stores/index.js'),
    ['MemoryDedupeStore', 'PostgresInbox', 'RedisDedupeStore'],
  ],
  'hosted-journey-server/telemetry': [
    () => import('../../src/server/telemetry/index.js'),
    ['formatTraceparent', 'loadOpenTelemetry', 'parseTraceparent'],
  ],
  'hosted-journey-server/testing': [() => import('../../src/server/testing.js'), ['signWebhook', 'verifyRequest']],
  'hosted-journey-sandbox': [
    () => import('../../src/sandbox/index.js'),
    [
      'ANY_VENDOR',
      'CATEGORIES',
      'CRAWLER_LOGINS',
      'DEFAULT_LOCALE',
      'DEFAULT_TOKENS',
      'ERROR_STATUS',
      'INSTITUTIONS',
      'JOURNEY_SESSION_TTL_MS',
      'LOOPBACK',
      'SHIPPED_LOCALES',
      'STANDIN_BRIDGE_QUERY',
      'SandboxErrorCode',
      'SandboxOptionError',
      'classify',
      'isLoopbackOrigin',
      'isSandboxHttpError',
      'isSandboxOptionError',
      'matchLocale',
      'startSandbox',
    ],
  ],
  'hosted-journey-sandbox/testing': [
    () => import('../../src/sandbox/testing/index.js'),
    [
      'SandboxKitError',
      'TriggerJourneyError',
      'advanceClock',
      'completeJourney',
      'expireConsent',
      'isSandboxKitError',
      'isTriggerJourneyError',
      'listDeliveries',
      'resendDelivery',
      'revokeAtBank',
      'startTestSandbox',
      'triggerJourney',
      'triggerRenewal',
    ],
  ],
};

function SERVER(): string[] {
  return [
    'ApiError',
    'AuthenticationError',
    'ClientErrorCode',
    'ConsentInactiveError',
    'HostedJourneyNetworkError',
    'HostedJourneyServerError',
    'HostedJourneyTimeoutError',
    'HostedJourneyValidationError',
    'PaymentRefusalCode',
    'PaymentRefusedError',
    'RateLimitError',
    'RedirectError',
    'ResponseTooLargeError',
    'ServerConfigError',
    'SignatureVerificationError',
    'SignatureVerificationErrorCode',
    'StoreConnectionError',
    'createClient',
    'createWebhookHandler',
    'createWebhookSignatureVerifier',
    'createWebhookVerifier',
    'isApiError',
    'isClientError',
    'isHostedJourneyServerError',
    'isPaymentRefusal',
    'isServerConfigError',
    'isSignatureVerificationError',
    'isStoreConnectionError',
    'signRequest',
    'toFetchHandler',
    'toNodeHandler',
    'verifyWebhook',
    'verifyWebhookSignature',
  ];
}

describe('exported names of every package entry (a change to the public surface is a visible diff)', () => {
  for (const [entry, [load, names]] of Object.entries(SURFACE)) {
    it(entry, async () => {
      expect(Object.keys(await load()).sort()).toEqual(names);
    });
  }
});
