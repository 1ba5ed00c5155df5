/**
 * The widget's surface in one table: every option (how each surface reads it, whether it is saved for the bank
 * round trip) and every event (its callback, its DOM event). Options, events, auto-mount, save, the bindings' props
 * and the element's observed attributes all derive from it; test/widget/surface-parity.test.tsx drives every row
 * through every surface and checks that docs/widget.md and docs/bindings/element.md list every attribute.
 *
 * Constraints:
 * 1. Attribute names are derived, never written: `attributeName(name)` is the kebab-case of the option's name
 *    (`customerId` → `customer-id`). The script tag reads `data-<attribute>` (its `dataset` key is the name itself);
 *    `<hosted-journey>` reads `<attribute>`.
 * 2. Values are checked in one place only, `createJourney` (src/widget/options.ts and src/protocol/url.ts); the table
 *    says only how an attribute string becomes a value (`NUM`, `BOOL`, `LIST`, `WORD`, else a string).
 * 3. Rows are numbers (bit sets, 0 for the usual case) so the inline bundle pays a few bytes for the table.
 */
import type { JourneyPrefill, JourneyTheme } from '../protocol/browser.js';
import type { JourneyCallbacks, JourneyOptions, SurfaceEventType } from './types.js';

export type { SurfaceEventType };

// A row is a bit set. 0 is the usual case: a string option, read from `data-<attribute>` on the script tag and from
// `<attribute>` on the element, and saved for the bank round trip; flags mark the exceptions (few, so the table stays
// a handful of bytes in the inline bundle).

/** Attribute value is a number (`Number(value)`). */
export const NUM = 1;
/** Attribute value is a boolean: present = true, `"false"` = false. */
export const BOOL = 2;
/** Attribute value is a list separated by commas and/or spaces. */
export const LIST = 4;
/** Not read from the script tag. */
export const NOT_TAG = 8;
/** Not read from `<hosted-journey>`. */
export const NOT_EL = 16;
/** Not saved in sessionStorage before the bank redirect (so not restored by `resumeJourney()`). */
export const NOT_SAVED = 32;
/** Set by the bindings and the element themselves, never a prop: they own the placement and the event target. */
export const OWNED = 64;
/** Attribute value is `true` when present (empty or `"true"`), `false` for `"false"`, else the word itself. */
export const WORD = 128;
/** Options that are objects: never an attribute themselves. */
const NO_ATTRIBUTE = NOT_TAG | NOT_EL;

type OptionName = Exclude<keyof JourneyOptions, keyof JourneyCallbacks>;

/** Every option of `createJourney`. `theme` and `prefill` are read key by key: see `GROUPS`. */
export const OPTIONS = {
  vendor: 0,
  customerId: 0,
  journeyOrigin: 0,
  mode: 0,
  container: NOT_EL | OWNED, // saved only when a selector; the element is its own container
  eventTarget: NO_ATTRIBUTE | NOT_SAVED | OWNED,
  startAt: 0,
  institutionId: 0,
  collect: LIST,
  multipleInstitutions: BOOL,
  theme: NO_ATTRIBUTE,
  prefill: NO_ATTRIBUTE | NOT_SAVED, // personal data: on the element a property, so it never sits in the DOM
  prefillIn: NOT_SAVED,
  title: 0,
  minHeight: NUM,
  maxHeight: NUM,
  readyTimeoutMs: NUM,
  bankAuthorisation: 0,
  returnUrl: 0,
  prewarm: WORD | NOT_SAVED, // a resumed journey opens at once
  prewarmTrigger: NOT_EL | NOT_SAVED, // the element is its own trigger; the script tag's defaults to data-trigger
  journeyProtocol: 0,
  locale: 0,
  renewConsent: 0,
  traceparent: 0, // a function is never saved; the bank redirect saves the session's own (roundtrip.ts)
} as const satisfies Record<OptionName, number>;

/** The keys of the object options, each read from its own attribute (`data-primary-colour`, `primary-colour`). */
export const GROUPS = {
  theme: {
    primaryColour: 0,
    secondaryColour: 0,
    backgroundColour: 0,
    font: 0,
  } satisfies Record<keyof JourneyTheme, number>,
  prefill: {
    fullName: NOT_EL,
    email: NOT_EL,
    phone: NOT_EL,
  } satisfies Record<keyof JourneyPrefill, number>,
} as const;

export type SurfaceOption = keyof typeof OPTIONS;

/** Every row with its attribute flags: `[name, row, group]` (`group` = `'theme'`/`'prefill'` for their keys). */
export function rows(): Array<[name: string, row: number, group?: string]> {
  const out: Array<[string, number, string?]> = Object.entries(OPTIONS);
  for (const [group, keys] of Object.entries(GROUPS))
    for (const [name, row] of Object.entries(keys)) out.push([name, row, group]);
  return out;
}

/**
 * Journey event → the callback it reaches. Its DOM event is `hosted-journey:<event>` (`DOM_EVENT_PREFIX`), detail =
 * the payload, on every surface and in both modes.
 */
export const EVENTS = {
  ready: 'onReady',
  step: 'onStep',
  institution_selected: 'onInstitutionSelected',
  bank_authorisation: 'onBankAuthorisation',
  bank_authorisation_completed: 'onBankAuthorisation',
  released: 'onReleased',
  completed: 'onComplete',
  error: 'onError',
  exit: 'onExit',
} as const satisfies Record<SurfaceEventType, keyof JourneyCallbacks>;

/** `onBankAuthorisation` gets one union for every phase: these events' payloads are tagged with theirs. */
export const PHASES: { readonly [K in SurfaceEventType]?: 'requested' | 'completed' } = {
  bank_authorisation: 'requested',
  bank_authorisation_completed: 'completed',
};

/** The DOM event of a refused journey message; its callback is `onInvalidMessage`. */
export const INVALID_MESSAGE = 'invalid_message';

/** The DOM event of a message from a journey that runs no bridge; its callback is `onJourneyMessage`. */
export const JOURNEY_MESSAGE = 'journey_message';

/**
 * Every callback option: one per event above, `onEvent` (every journey event, no DOM event), `onInvalidMessage` and
 * `onJourneyMessage`.
 */
export const CALLBACKS = [
  ...new Set(Object.values(EVENTS)),
  'onEvent',
  'onInvalidMessage',
  'onJourneyMessage',
] as Array<keyof JourneyCallbacks>;

// Compile-time: every callback of JourneyCallbacks is one of those (a new callback without a row fails tsc).
type Assert<T extends true> = T;
export type EveryCallbackListed = Assert<
  [
    Exclude<
      keyof JourneyCallbacks,
      (typeof EVENTS)[SurfaceEventType] | 'onEvent' | 'onInvalidMessage' | 'onJourneyMessage'
    >,
  ] extends [never]
    ? true
    : false
>;

export const DOM_EVENT_PREFIX = 'hosted-journey:';

/**
 * `hosted-journey:institution_selected` → `hosted-journey-institution-selected`: the same DOM event under a name every
 * template syntax binds (Angular reads `(hosted-journey:completed)` as target `hosted-journey`, Svelte refuses a `:` in
 * an attribute). `<hosted-journey>` dispatches each of its events under both names.
 */
export const bindableEventName = (domEvent: string): string =>
  domEvent.replace(DOM_EVENT_PREFIX, 'hosted-journey-').replace(/_/g, '-');

/** `customerId` → `customer-id`: the element's attribute; the script tag's is `data-` + this. */
export const attributeName = (name: string): string => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/**
 * Reads the options of one surface from its attributes: `without` is the flag that leaves a row out of it (`NOT_TAG`
 * for the script tag, `NOT_EL` for the element); `get(name)` returns the raw value of the option `name`'s attribute,
 * or null/undefined. An empty value counts as absent except for booleans. Unvalidated: `createJourney` checks the
 * result.
 */
export function optionsFrom(
  get: (name: string) => string | null | undefined,
  without: typeof NOT_TAG | typeof NOT_EL,
): Partial<JourneyOptions> {
  const out: Record<string, unknown> = {};
  for (const [name, row, group] of rows()) {
    const raw = row & without ? null : get(name);
    if (raw == null || (raw === '' && !(row & (BOOL | WORD)))) continue;
    const value =
      row & BOOL
        ? raw !== 'false'
        : row & WORD
          ? raw !== 'false' && (raw === '' || raw === 'true' || raw)
          : row & NUM
            ? Number(raw)
            : row & LIST
              ? raw.split(/[\s,]+/).filter(Boolean)
              : raw;
    if (group) ((out[group] ??= {}) as Record<string, unknown>)[name] = value;
    else out[name] = value;
  }
  return out as Partial<JourneyOptions>;
}

/** The script tag's `dataset` keys: its rows (groups' keys included) and `trigger`. */
export const tagNames = (): string[] => [...rows().flatMap(([n, row]) => (row & NOT_TAG ? [] : [n])), 'trigger'];
