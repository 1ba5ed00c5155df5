/**
 * Parent ↔ journey message protocol: the envelope, every event name and its payload schema.
 * Both the widget and the journey bridge import this file, so the two sides cannot drift.
 * Schemas use `zod/mini` to keep browser bundles small.
 */
import * as z from 'zod/mini';

export const PROTOCOL = 'hosted-journey' as const;
export const PROTOCOL_VERSION = 1 as const;
/** Messages larger than this (JSON characters) are refused before decoding. */
export const MAX_MESSAGE_CHARS = 32 * 1024;

const step = z.string().check(z.minLength(1), z.maxLength(64));
const shortText = z.string().check(z.maxLength(2000));

export const BANK_AUTHORISATION_STATUSES = ['authorised', 'denied', 'closed', 'blocked'] as const;
export type BankAuthorisationStatus = (typeof BANK_AUTHORISATION_STATUSES)[number];

/** Journey → widget events, by type. */
export const journeyEventSchemas = {
  /** First message from the journey; the widget answers `welcome`. */
  hello: z.object({}),
  /** The journey has rendered its first step. */
  ready: z.object({ step }),
  /** The customer moved to another step. */
  step: z.object({ step }),
  institution_selected: z.object({
    institutionId: z.string().check(z.minLength(1), z.maxLength(64)),
    name: z.string().check(z.maxLength(200)),
    pathway: z.enum(['cdr', 'crawler']),
  }),
  /**
   * The bank's consent page must run top-level (banks refuse to be framed). `popup` tells whether the journey
   * managed to open it from the customer's click: `'opened'`, `'blocked'`, or absent when it did not try.
   */
  bank_authorisation: z.object({
    url: z.url({ protocol: /^https?$/ }),
    popup: z.optional(z.enum(['opened', 'blocked'])),
  }),
  /**
   * The bank step finished, whichever way it ran (popup, top-level redirect and resume): the journey reports the outcome
   * so the integrator's `onBankAuthorisation` sees the last phase. `closed` = the customer closed the popup.
   */
  bank_authorisation_completed: z.object({ status: z.enum(BANK_AUTHORISATION_STATUSES) }),
  /** No further inputs from the customer are necessary [doc]. */
  released: z.object({}),
  completed: z.object({ applicationId: z.string().check(z.minLength(1), z.maxLength(128)) }),
  error: z.object({
    code: z.string().check(z.minLength(1), z.maxLength(64)),
    message: shortText,
    recoverable: z.boolean(),
  }),
  exit: z.object({ reason: z.string().check(z.minLength(1), z.maxLength(64)) }),
} as const;

const prefillSchema = z.object({
  fullName: z.optional(z.string().check(z.maxLength(200))),
  email: z.optional(z.string().check(z.maxLength(254))),
  phone: z.optional(z.string().check(z.maxLength(32))),
});

/** Widget → journey messages, by type. */
export const parentMessageSchemas = {
  welcome: z.object({
    prefill: z.optional(prefillSchema),
    /**
     * How the bank step must run. `popup` (default): the journey opens the bank in a popup from the customer's click.
     * `redirect`: the journey does not open a popup; the widget takes the whole page to the bank and back to `returnUrl`.
     */
    bankAuthorisation: z.optional(
      z.object({ strategy: z.enum(['popup', 'redirect']), returnUrl: z.optional(z.url({ protocol: /^https?$/ })) }),
    ),
  }),
  bank_authorisation_result: z.object({
    status: z.enum(BANK_AUTHORISATION_STATUSES),
    params: z.optional(z.record(z.string(), z.string())),
  }),
  close: z.object({}),
} as const;

export type JourneyEventType = keyof typeof journeyEventSchemas;
export type ParentMessageType = keyof typeof parentMessageSchemas;
export type JourneyEventPayloads = { [K in JourneyEventType]: z.infer<(typeof journeyEventSchemas)[K]> };
export type ParentMessagePayloads = { [K in ParentMessageType]: z.infer<(typeof parentMessageSchemas)[K]> };
export const JOURNEY_EVENT_TYPES = Object.keys(journeyEventSchemas) as JourneyEventType[];
export const PARENT_MESSAGE_TYPES = Object.keys(parentMessageSchemas) as ParentMessageType[];

/** A decoded journey event as integrators see it. */
export type JourneyEvent = { [K in JourneyEventType]: { type: K; payload: JourneyEventPayloads[K] } }[JourneyEventType];
export type ParentMessage = { [K in ParentMessageType]: { type: K; payload: ParentMessagePayloads[K] } }[ParentMessageType];

export interface Envelope<T extends string = string, P = unknown> {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  channel: string;
  type: T;
  payload: P;
}

export function encodeMessage<T extends string, P>(channel: string, type: T, payload: P): Envelope<T, P> {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, channel, type, payload };
}

/** Why a message was refused. `foreign` = not ours at all (e.g. another library's postMessage traffic). */
export type DecodeFailure =
  | 'foreign'
  | 'version'
  | 'channel'
  | 'oversized'
  | 'unknown_type'
  | 'invalid_payload';

export type DecodeResult<M> = { ok: true; message: M } | { ok: false; reason: DecodeFailure; detail: string };

const envelopeSchema = z.object({
  protocol: z.literal(PROTOCOL),
  version: z.number(),
  channel: z.string(),
  type: z.string(),
  payload: z.unknown(),
});

function approximateSize(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY; // cycles, BigInt: not something a journey would send
  }
}

function decode<S extends Record<string, z.ZodMiniType>>(
  schemas: S,
  data: unknown,
  channel: string,
): DecodeResult<{ type: keyof S & string; payload: unknown }> {
  if (typeof data !== 'object' || data === null || (data as { protocol?: unknown }).protocol !== PROTOCOL) {
    return { ok: false, reason: 'foreign', detail: 'not a hosted-journey message' };
  }
  if (approximateSize(data) > MAX_MESSAGE_CHARS) {
    return { ok: false, reason: 'oversized', detail: `message exceeds ${MAX_MESSAGE_CHARS} characters` };
  }
  const env = envelopeSchema.safeParse(data);
  if (!env.success) return { ok: false, reason: 'invalid_payload', detail: 'malformed envelope' };
  if (env.data.version !== PROTOCOL_VERSION) {
    return { ok: false, reason: 'version', detail: `unsupported protocol version ${env.data.version}` };
  }
  if (env.data.channel !== channel) return { ok: false, reason: 'channel', detail: 'message for another channel' };
  const type = env.data.type;
  if (!Object.prototype.hasOwnProperty.call(schemas, type)) {
    return { ok: false, reason: 'unknown_type', detail: `unknown message type '${type.slice(0, 64)}'` };
  }
  const parsed = schemas[type]!.safeParse(env.data.payload ?? {});
  if (!parsed.success) {
    const paths = parsed.error.issues.map((i) => i.path.join('.') || '(payload)').join(', ');
    return { ok: false, reason: 'invalid_payload', detail: `invalid '${type}' payload at ${paths}` };
  }
  return { ok: true, message: { type, payload: parsed.data } };
}

/** Decodes a journey → widget message for `channel`. Never throws. */
export function decodeJourneyEvent(data: unknown, channel: string): DecodeResult<JourneyEvent> {
  return decode(journeyEventSchemas, data, channel) as DecodeResult<JourneyEvent>;
}

/** Decodes a widget → journey message for `channel`. Never throws. */
export function decodeParentMessage(data: unknown, channel: string): DecodeResult<ParentMessage> {
  return decode(parentMessageSchemas, data, channel) as DecodeResult<ParentMessage>;
}

/** A per-mount random channel id (URL-safe, 22 chars, 128 bits from the platform CSPRNG). */
export function createChannelId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
