/**
 * The browser entries' one error (widget, journey bridge, URL builder): `JourneyConfigError`, with its guard
 * `isJourneyConfigError`. It carries a string `code` and a brand (`Symbol.for('hosted-journey.browser.error')`, shared
 * by every realm and every copy of the package), so the guard never trusts `name` alone: a platform error that happens
 * to share the name is not ours. An error that lost its prototype (structured clone, `JSON` round trip) is still
 * recognised when both its `name` and its `code` are ours. `instanceof` is not used: it fails across realms. The server
 * entry has its own errors and guard (src/server/errors.ts).
 */
const BRAND = Symbol.for('hosted-journey.browser.error');

export const JourneyConfigErrorCode = {
  VENDOR: 'INVALID_VENDOR',
  CUSTOMER_ID: 'INVALID_CUSTOMER_ID',
  JOURNEY_ORIGIN: 'INVALID_JOURNEY_ORIGIN',
  PARENT_ORIGIN: 'INVALID_PARENT_ORIGIN',
  START_AT: 'INVALID_START_AT',
  INSTITUTION_ID: 'INVALID_INSTITUTION_ID',
  COLLECT: 'INVALID_COLLECT',
  PRIMARY_COLOUR: 'INVALID_PRIMARY_COLOUR',
  SECONDARY_COLOUR: 'INVALID_SECONDARY_COLOUR',
  BACKGROUND_COLOUR: 'INVALID_BACKGROUND_COLOUR',
  FONT: 'INVALID_FONT',
  PREFILL: 'INVALID_PREFILL',
  PREFILL_IN: 'INVALID_PREFILL_IN',
  CHANNEL: 'INVALID_CHANNEL',
  URL_TOO_LONG: 'URL_TOO_LONG',
  CONTAINER: 'INVALID_CONTAINER',
  MODE: 'INVALID_MODE',
  OPTION: 'INVALID_OPTION',
  LOCALE: 'INVALID_LOCALE',
  /** Never thrown: a `traceparent` the widget ignored (a warning), starting a new trace. */
  TRACEPARENT: 'INVALID_TRACEPARENT',
} as const;

export type JourneyConfigErrorCode = (typeof JourneyConfigErrorCode)[keyof typeof JourneyConfigErrorCode];

/** Thrown synchronously, before any DOM is touched, when an option is missing or malformed. */
export class JourneyConfigError extends Error {
  override readonly name = 'JourneyConfigError' as const;
  // `declare`: set in the constructor only, so no field definitions are emitted (bytes on the inline path).
  declare readonly code: JourneyConfigErrorCode;
  /** The option that was wrong, e.g. `theme.primaryColour`. */
  declare readonly field: string;

  constructor(code: JourneyConfigErrorCode, field: string, message: string) {
    super(message);
    this.code = code;
    this.field = field;
  }

  // The brand, on the prototype (a getter costs the inline bundle fewer bytes than a property per instance).
  get [BRAND](): boolean {
    return true;
  }
}

/** Throws a `JourneyConfigError` (one helper for every browser module: the inline bundle carries it once). */
export function failConfig(code: JourneyConfigErrorCode, field: string, message: string): never {
  throw new JourneyConfigError(code, field, message);
}

/**
 * True for a `JourneyConfigError` of any realm or copy of the package: checks the brand (or, for a structured clone,
 * one of its codes), never `name` alone.
 * @example
 * try { createJourney(options); }
 * catch (e) { if (isJourneyConfigError(e)) showBadOption(e.field); }
 */
export function isJourneyConfigError(value: unknown): value is JourneyConfigError {
  const v = value as { name?: unknown; code?: unknown; [BRAND]?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.name === 'JourneyConfigError' &&
    typeof v.code === 'string' &&
    (v[BRAND] === true || Object.values(JourneyConfigErrorCode).includes(v.code as JourneyConfigErrorCode))
  );
}
