/**
 * The browser entries' errors (widget, journey bridge, URL builder): one base class, `HostedJourneyError`, and one
 * guard, `isHostedJourneyError`. Every error carries a string `code` and a brand
 * (`Symbol.for('hosted-journey.browser.error')`, shared by every realm and every copy of the package), so a guard never
 * trusts `name` alone: a platform error that happens to share a name is not ours. An error that lost its prototype
 * (structured clone, `JSON` round trip) is still recognised when both its `name` and its `code` are ours. `instanceof`
 * is not used: it fails across realms. The server entry has its own base class and guard (src/server/errors.ts), built
 * the same way.
 */
const BRAND = Symbol.for('hosted-journey.browser.error');

/** Base of every error the browser entries throw. `code` is a machine-readable string; `name` is the class's. */
export abstract class HostedJourneyError extends Error {
  declare readonly name: HostedJourneyErrorName;
  abstract readonly code: string;
  // The brand, on the prototype (a getter costs the inline bundle fewer bytes than a property per instance).
  get [BRAND](): boolean {
    return true;
  }
}

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
} as const;

export type JourneyConfigErrorCode = (typeof JourneyConfigErrorCode)[keyof typeof JourneyConfigErrorCode];

/** Thrown synchronously, before any DOM is touched, when an option is missing or malformed. */
export class JourneyConfigError extends HostedJourneyError {
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
}

/** Throws a `JourneyConfigError` (one helper for every browser module: the inline bundle carries it once). */
export function failConfig(code: JourneyConfigErrorCode, field: string, message: string): never {
  throw new JourneyConfigError(code, field, message);
}

/** Every concrete error class of the browser entries, by `name`. */
export interface HostedJourneyErrors {
  JourneyConfigError: JourneyConfigError;
}
export type HostedJourneyErrorName = keyof HostedJourneyErrors;

/** The `code`s each class can carry: how an error without its brand (a structured clone) is still recognised. */
const codes = (name: HostedJourneyErrorName): readonly string[] | undefined =>
  name === 'JourneyConfigError' ? Object.values(JourneyConfigErrorCode) : undefined;

/**
 * The one guard of the browser entries: true for any error they throw, or — with `kinds` — only for those classes.
 * Checks the brand (or, for a structured clone, a `code` of that class), never `name` alone; works across realms and
 * duplicate package copies.
 * @example
 * try { createJourney(options); }
 * catch (e) { if (isHostedJourneyError(e, 'JourneyConfigError')) showBadOption(e.field); }
 */
export function isHostedJourneyError<K extends HostedJourneyErrorName = HostedJourneyErrorName>(
  value: unknown,
  ...kinds: K[]
): value is HostedJourneyErrors[K] {
  const v = value as { name?: unknown; code?: unknown; [BRAND]?: unknown } | null;
  const name = typeof v === 'object' && v !== null ? (v.name as HostedJourneyErrorName) : undefined;
  const known = name === undefined ? undefined : codes(name);
  return (
    known !== undefined &&
    typeof v!.code === 'string' &&
    (v![BRAND] === true || known.includes(v!.code)) &&
    (kinds.length === 0 || kinds.includes(name as K))
  );
}

/** `isHostedJourneyError(value, 'JourneyConfigError')`. */
export function isJourneyConfigError(value: unknown): value is JourneyConfigError {
  return isHostedJourneyError(value, 'JourneyConfigError');
}
