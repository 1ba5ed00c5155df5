/**
 * Parent ↔ journey message protocol: the envelope, every event name and its payload schema.
 * Both the widget and the journey bridge import this file, so the two sides cannot drift.
 * Schemas use the tiny checker in check.ts (not zod) to keep the browser bundles within budget.
 */
import { bool, httpUrl, type Infer, match, obj, oneOf, opt, type Schema, str, strRecord } from './check.js';
import { failConfig } from './errors.js';
import { hasOwn } from './own.js';
import { MAX_MESSAGE_CHARS, oversized } from './raw-messages.js';
import { MAX_TRACEPARENT_LENGTH, randomHexId } from './trace-context.js';
import { PREFILL_LIMITS } from './url/types.js';
import { CONSENT_ID_PATTERN } from './url/validate.js';

export const PROTOCOL = 'hosted-journey' as const;
export const PROTOCOL_VERSION = 1 as const;
export { MAX_MESSAGE_CHARS, oversized } from './raw-messages.js';
export { isReleased } from './released.js';
const step = str(1, 64);

export const BANK_AUTHORISATION_STATUSES = ['authorised', 'denied', 'closed', 'blocked'] as const;
export type BankAuthorisationStatus = (typeof BANK_AUTHORISATION_STATUSES)[number];

/** Journey → widget events, by type. */
export const journeyEventSchemas = {
  /** First message from the journey; the widget answers `welcome`. */
  hello: obj({}),
  /** The journey has rendered its first step. */
  ready: obj({ step }),
  /** The customer moved to another step. */
  step: obj({ step }),
  institution_selected: obj({ institutionId: str(1, 64), name: str(0, 200), pathway: oneOf(['cdr', 'crawler']) }),
  /**
   * The bank's consent page must run top-level (banks refuse to be framed). `consentId` names the consent the journey
   * origin's server created; `popup` tells whether the journey managed to open the bank from the customer's click:
   * `'opened'`, `'blocked'`, or absent when it did not try (redirect strategy). No URL travels here: when the page must
   * go to the bank, the widget builds `{journeyOrigin}/bank-redirect/{vendor}/{customerId}/{consentId}` itself
   * (`buildBankRedirectUrl`), and the journey origin's server redirects to that consent's bank. A `url` key, as older
   * journeys sent, is dropped unread.
   */
  bank_authorisation: obj({ consentId: match(CONSENT_ID_PATTERN), popup: opt(oneOf(['opened', 'blocked'])) }),
  /**
   * The bank step finished, whichever way it ran (popup, top-level redirect and resume): the journey reports the
   * outcome so the integrator's `onBankAuthorisation` sees the last phase. `closed` = the customer closed the popup.
   */
  bank_authorisation_completed: obj({ status: oneOf(BANK_AUTHORISATION_STATUSES) }),
  /** No further inputs from the customer are necessary [doc]. */
  released: obj({}),
  /**
   * The journey ended well. In renew mode, also the consent renewed and its new end of sharing (ISO 8601), the date a
   * message to the customer names.
   */
  completed: obj({
    applicationId: str(1, 128),
    consentId: opt(match(CONSENT_ID_PATTERN)),
    sharingExpiresAt: opt(str(1, 64)),
  }),
  error: obj({ code: str(1, 64), message: str(0, 2000), recoverable: bool() }),
  exit: obj({ reason: str(1, 64) }),
  /**
   * Escape was pressed inside the journey, where the page around the frame cannot hear it. The bridge posts it itself
   * (a journey page never emits it); a modal closes as for its own Escape, an inline journey ignores it. Not an event
   * integrators receive.
   */
  escape: obj({}),
} as const satisfies Record<string, Schema<unknown>>;

/**
 * Whether the journey is on screen. A prewarmed journey loads hidden before `open()`: it may render its first step and
 * send `ready`, but must start nothing (no application, no request with an effect) until it is `visible`.
 */
export const VISIBILITY_STATES = ['hidden', 'visible'] as const;
export type VisibilityState = (typeof VISIBILITY_STATES)[number];
const visibility = oneOf(VISIBILITY_STATES);

const { fullName, email, phone } = PREFILL_LIMITS;
const prefillSchema = obj({ fullName: opt(str(0, fullName)), email: opt(str(0, email)), phone: opt(str(0, phone)) });

/**
 * Widget → journey messages an integrator may `send`: every one but the handshake's `welcome`. The widget checks its
 * sends against this table alone, so the inline bundle never carries `welcome`'s schema.
 */
export const sendableMessageSchemas = {
  /**
   * The journey was shown (`open()` revealed a prewarmed frame) or hidden again. `prefill`: a prewarmed journey's
   * `welcome` carries none (personal data reaches the journey origin only once the customer chose to open it); it
   * comes here, with `visible`, and overrides the journey's prefill field by field.
   */
  visibility: obj({ state: visibility, prefill: opt(prefillSchema) }),
  bank_authorisation_result: obj({ status: oneOf(BANK_AUTHORISATION_STATUSES), params: opt(strRecord()) }),
  close: obj({}),
} as const satisfies Record<string, Schema<unknown>>;

/** The table with `welcome` added: built in a function, so a bundle that never reads the whole table drops it. */
function withWelcome<S extends typeof sendableMessageSchemas>(sendable: S) {
  return {
    welcome: obj({
      prefill: opt(prefillSchema),
      /**
       * How the bank step must run. `popup` (default): the journey opens the bank in a popup from the customer's
       * click. `redirect`: the journey does not open a popup; the widget takes the whole page to the bank and back to
       * `returnUrl`.
       */
      bankAuthorisation: opt(obj({ strategy: oneOf(['popup', 'redirect']), returnUrl: opt(httpUrl()) })),
      /**
       * `hidden`: prewarmed, not opened yet (a `visibility` message follows on `open()`). Absent (older widgets) =
       * `visible`.
       */
      visibility: opt(visibility),
      /**
       * The journey session's W3C traceparent (src/protocol/trace-context.ts; a prewarmed journey's session began with
       * its hidden mount): the journey makes its calls in that trace. The journey parses it strictly and ignores one
       * that is not valid; nothing personal travels in it.
       */
      traceparent: opt(str(0, MAX_TRACEPARENT_LENGTH)),
      /**
       * The journey session's id (32 lowercase hex, the `sessionId` of the widget's events): the journey sends it with
       * its calls, so the service's record of the session (src/protocol/journey-sessions.ts) has the same id.
       */
      sessionId: opt(match(/^[0-9a-f]{32}$/)),
      /**
       * How the widget shows the journey: `modal` has the widget's own close control (and Escape), so the journey
       * offers no exit of its own. Absent (older widgets): not said.
       */
      mode: opt(oneOf(['inline', 'modal'])),
    }),
    ...sendable,
  };
}

/** Widget → journey messages, by type: the handshake's `welcome` (the widget posts it itself) and the sendable. */
export const parentMessageSchemas = /* @__PURE__ */ withWelcome(sendableMessageSchemas);

export type JourneyEventType = keyof typeof journeyEventSchemas;
export type ParentMessageType = keyof typeof parentMessageSchemas;
/** The handshake's messages: only the library posts them (`hello` by the bridge, `welcome` by the widget). */
export type HandshakeMessageType = 'hello' | 'welcome';
/** Journey → widget messages only the bridge posts, never delivered to integrators: the handshake's and `escape`. */
export type BridgeMessageType = 'hello' | 'escape';
/** What a journey page may `emit`: every event but the bridge's own. */
export type EmittableEventType = Exclude<JourneyEventType, BridgeMessageType>;
/** What an integrator may `send`: every widget → journey message but the handshake's `welcome`. */
export type SendableMessageType = Exclude<ParentMessageType, HandshakeMessageType>;
export type JourneyEventPayloads = { [K in JourneyEventType]: Infer<(typeof journeyEventSchemas)[K]> };
export type ParentMessagePayloads = { [K in ParentMessageType]: Infer<(typeof parentMessageSchemas)[K]> };
// Pure: bundles that never read these lists drop them.
export const JOURNEY_EVENT_TYPES = /* @__PURE__ */ Object.keys(journeyEventSchemas) as JourneyEventType[];
export const PARENT_MESSAGE_TYPES = /* @__PURE__ */ Object.keys(parentMessageSchemas) as ParentMessageType[];

/** A decoded journey event as integrators see it. */
export type JourneyEvent = { [K in JourneyEventType]: { type: K; payload: JourneyEventPayloads[K] } }[JourneyEventType];
export type ParentMessage = {
  [K in ParentMessageType]: { type: K; payload: ParentMessagePayloads[K] };
}[ParentMessageType];

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

/**
 * Why a message was refused. `foreign` = not ours at all (e.g. another library's postMessage traffic). The `detail`
 * beside it adds only what the reason does not say (the version, the type, the paths), in few words: it is on the
 * inline path.
 */
export type DecodeFailure = 'foreign' | 'version' | 'channel' | 'oversized' | 'unknown_type' | 'invalid_payload';

export type DecodeResult<M> = { ok: true; message: M } | { ok: false; reason: DecodeFailure; detail: string };

/** Decodes a message of `schemas` for `channel` (both sides' `WindowMessenger` and the two typed decoders below). */
export function decodeMessage<S extends Record<string, Schema<unknown>>>(
  schemas: S,
  data: unknown,
  channel: string,
): DecodeResult<{ type: keyof S & string; payload: unknown }> {
  if (typeof data !== 'object' || data === null || (data as { protocol?: unknown }).protocol !== PROTOCOL) {
    return { ok: false, reason: 'foreign', detail: 'not ours' };
  }
  if (oversized(data)) {
    return { ok: false, reason: 'oversized', detail: `message exceeds ${MAX_MESSAGE_CHARS} characters` };
  }
  const env = data as Partial<Envelope>;
  if (typeof env.version !== 'number' || typeof env.channel !== 'string' || typeof env.type !== 'string') {
    return { ok: false, reason: 'invalid_payload', detail: 'malformed envelope' };
  }
  if (env.version !== PROTOCOL_VERSION) return { ok: false, reason: 'version', detail: `version ${env.version}` };
  if (env.channel !== channel) return { ok: false, reason: 'channel', detail: 'another channel' };
  const type = env.type;
  if (!hasOwn(schemas, type)) {
    return { ok: false, reason: 'unknown_type', detail: `type '${type.slice(0, 64)}'` };
  }
  const parsed = schemas[type]!.safeParse(env.payload ?? {});
  if (!parsed.success) {
    const paths = parsed.error.issues.map((i) => i.path.join('.') || '(payload)').join(', ');
    return { ok: false, reason: 'invalid_payload', detail: `invalid '${type}' payload at ${paths}` };
  }
  return { ok: true, message: { type, payload: parsed.data } };
}

/** Decodes a journey → widget message for `channel`. Never throws. */
export function decodeJourneyEvent(data: unknown, channel: string): DecodeResult<JourneyEvent> {
  return decodeMessage(journeyEventSchemas, data, channel) as DecodeResult<JourneyEvent>;
}

/** Decodes a widget → journey message for `channel`. Never throws. */
export function decodeParentMessage(data: unknown, channel: string): DecodeResult<ParentMessage> {
  return decodeMessage(parentMessageSchemas, data, channel) as DecodeResult<ParentMessage>;
}

/**
 * Checks a message before it is posted — the widget's `send` and the bridge's `emit` — and returns the parsed payload.
 * Misuse is reported the same way on both sides: `JourneyConfigError` with code `INVALID_OPTION` and field `type` (an
 * unknown type, or that side's handshake message, `internal`, which only the library posts) or `payload` (fails the
 * type's schema). Messages stay short: this is on the inline bundle's path.
 */
export function checkOutgoing(
  schemas: Record<string, Schema<unknown>>,
  type: string,
  payload: unknown,
  internal: HandshakeMessageType,
): unknown {
  const schema = type !== internal && hasOwn(schemas, type) ? schemas[type] : undefined;
  if (!schema) failConfig('INVALID_OPTION', 'type', `Cannot send '${String(type)}'.`);
  const checked = schema.safeParse(payload ?? {});
  if (!checked.success) failConfig('INVALID_OPTION', 'payload', `Invalid '${type}' payload.`);
  return checked.data;
}

/** A per-mount random channel id (32 lowercase hex digits, 128 bits from the platform CSPRNG). */
export const createChannelId = (): string => randomHexId(16);
