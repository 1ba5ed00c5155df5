/**
 * What the three bindings share: which options are callbacks (kept in a ref, never a reason to re-create) and the
 * identity of everything else (a change re-creates the journey). Internal: nothing here leaves through an entry.
 */
import type { JourneyOptions } from '../widget/index.js';

/** Every callback option of `createJourney`. Bindings pass a proxy for each, so a callback added later still fires. */
export const CALLBACK_KEYS = [
  'onReady',
  'onStep',
  'onInstitutionSelected',
  'onBankAuthorisation',
  'onReleased',
  'onComplete',
  'onError',
  'onExit',
  'onEvent',
  'onInvalidMessage',
] as const;

export type CallbackKey = (typeof CALLBACK_KEYS)[number];
export type JourneyCallbacks = Pick<JourneyOptions, CallbackKey>;
/** Options a binding accepts: everything but `container`, which the binding owns. */
export type BindingOptions = Omit<JourneyOptions, 'container'>;

/** Keys of binding props that are not journey options (rendering concerns of the host element). */
const NOT_OPTIONS = new Set(['container', 'children', 'class', 'className', 'style', 'id', 'handleRef']);

function isCallbackKey(key: string): boolean {
  return (CALLBACK_KEYS as readonly string[]).includes(key);
}

/**
 * The journey options without callbacks and rendering props. Functions are dropped whatever their name, so an
 * inline arrow never re-creates the journey.
 */
export function configOf(props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (NOT_OPTIONS.has(key) || isCallbackKey(key) || typeof value === 'function' || value === undefined) continue;
    out[key] = value;
  }
  return out;
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * A string that changes exactly when a URL- or layout-affecting option changes. Objects written inline
 * (`theme={{ primaryColour: '#0B5FFF' }}`) get a new identity every render but the same key.
 */
export function configKey(props: Record<string, unknown>): string {
  return JSON.stringify(stable(configOf(props)));
}

/**
 * One stable proxy per callback option, each calling whatever the latest props hold at the time of the event.
 * `after` runs after every callback (the React hook uses it to refresh `state`).
 */
export function callbackProxies(latest: () => Partial<JourneyCallbacks>, after?: () => void): JourneyCallbacks {
  const out: Record<string, (...args: unknown[]) => unknown> = {};
  for (const key of CALLBACK_KEYS) {
    out[key] = (...args: unknown[]) => {
      try {
        const fn = latest()[key] as ((...a: unknown[]) => unknown) | undefined;
        return fn?.(...args);
      } finally {
        after?.();
      }
    };
  }
  return out as JourneyCallbacks;
}
