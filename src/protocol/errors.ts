/**
 * Configuration errors shared by the widget, the journey bridge and the URL builder.
 *
 * Guards compare `name` rather than using `instanceof`, because `instanceof` fails when an error crosses realms
 * (iframes, vm contexts, two copies of the package).
 */
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
export class JourneyConfigError extends Error {
  override readonly name = 'JourneyConfigError' as const;
  readonly code: JourneyConfigErrorCode;
  /** The option that was wrong, e.g. `theme.primaryColour`. */
  readonly field: string;

  constructor(code: JourneyConfigErrorCode, field: string, message: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

/** Realm-safe guard: true for any `JourneyConfigError`, even one created in another frame. */
export function isJourneyConfigError(value: unknown): value is JourneyConfigError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'JourneyConfigError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
