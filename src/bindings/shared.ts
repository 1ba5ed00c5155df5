/**
 * What the three bindings share: which props are callbacks (kept in a ref, never a reason to re-create) and the
 * identity of the options (a change re-creates the journey), both read from the table in src/widget/surface.ts.
 * Internal: nothing here leaves through an entry.
 */
import type { JourneyCallbacks, JourneyOptions } from '../widget/index.js';
import { UNHEARD } from '../widget/events.js';
import { CALLBACKS, OPTIONS, OWNED } from '../widget/surface.js';

export type { JourneyCallbacks };
/** Options a binding accepts: everything but the `OWNED` rows of surface.ts (`container`, `eventTarget`). */
export type BindingOptions = Omit<JourneyOptions, 'container' | 'eventTarget'>;

/** Props that are journey options (not callbacks): the top-level rows of surface.ts a binding does not own. */
function isConfigKey(key: string): boolean {
  const row = (OPTIONS as Record<string, number>)[key];
  return typeof row === 'number' && !(row & OWNED);
}

/**
 * The journey options among `props`: the table's options without callbacks, rendering props (`class`, `style`, …) and
 * the owned `container`/`eventTarget`. Functions are dropped whatever their name, so an inline arrow never re-creates
 * the journey.
 */
export function configOf(props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!isConfigKey(key) || typeof value === 'function' || value === undefined) continue;
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
  for (const key of CALLBACKS) {
    out[key] = (...args: unknown[]) => {
      try {
        const props = latest() as Partial<JourneyCallbacks> & { journeyOrigin?: string };
        const fn = props[key] as ((...a: unknown[]) => unknown) | undefined;
        // The proxy always reaches createJourney as its onError: without an onError prop it says so, and the widget
        // logs the error as it does for a journey created without onError (events.ts).
        return fn ? fn(...args) : UNHEARD;
      } finally {
        after?.();
      }
    };
  }
  return out as JourneyCallbacks;
}
