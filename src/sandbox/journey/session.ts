/**
 * The journey page's session credential. Every page load of `/i/{vendor}/{ref}` (and of its bank-return page) gets a
 * fresh one in its `hj-config`; the page sends it in `X-Journey-Session` on every journey-API call, and the API
 * answers 401 `INVALID_SESSION` without a valid one for the same vendor and ref.
 *
 * Stateless: `base64url(payload) "." base64url(HMAC-SHA256(key, "hj-journey-session.v1." + payload))`, the key
 * random per sandbox start (a restart invalidates open pages). The payload binds the kind of page, vendor, ref, the
 * registered parent origin the page was served for (or null: unframed) and the issue time; it expires after
 * `JOURNEY_SESSION_TTL_MS`. It proves "this request comes from a page this sandbox served for this journey" — the
 * journey URL itself is not a secret, so it does not identify the customer; the API therefore answers no more than
 * the page already shows.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';

/** A credential is valid this long after the page load. @example 2 * 60 * 60 * 1000 */
export const JOURNEY_SESSION_TTL_MS = 2 * 60 * 60_000;
/** Tolerated clock difference for an issue time in the future (a clock injected per test may step back). */
const FUTURE_SKEW_MS = 60_000;

/** `journey`: the journey page (every call); `bank-return`: the bank-return page (reads its consent only). */
export type JourneySessionKind = 'journey' | 'bank-return';

export interface JourneySession {
  kind: JourneySessionKind;
  vendor: string;
  ref: string;
  /** The parent origin the page was served for (checked against the registry then), or null for an unframed page. */
  parentOrigin: string | null;
  /** The journey URL's `collect` values [doc] (`analysis`, `account_owner`); empty when it named none. */
  collect?: readonly string[];
  /**
   * A journey opened in an app's WebView (`native_bridge` with a registered `return_url`): `parentOrigin` is then the
   * app's return link origin, and its consents send the customer straight back to that link (the bank with an app).
   */
  app?: boolean;
  /** Milliseconds since the epoch. */
  issuedAt: number;
  /** The page load's own id (`jps_…`): its journey session's name when the widget gave it none. */
  pageId: string;
}

interface Payload {
  k: 'j' | 'r';
  v: string;
  r: string;
  p: string | null;
  t: number;
  c?: string[];
  /** 1: an app's journey. */
  a?: 1;
  /** The page load's own id, 24 hex. */
  i: string;
}

export class JourneySessions {
  readonly #key: Buffer;
  readonly #now: () => Date;

  constructor(now: () => Date, key: Buffer = randomBytes(32)) {
    this.#now = now;
    this.#key = key;
  }

  issue(session: Omit<JourneySession, 'issuedAt' | 'pageId'>): string {
    const payload: Payload = {
      k: session.kind === 'journey' ? 'j' : 'r',
      v: session.vendor,
      r: session.ref,
      p: session.parentOrigin,
      t: this.#now().getTime(),
      i: randomBytes(12).toString('hex'),
      ...(session.collect?.length ? { c: [...session.collect] } : {}),
      ...(session.app ? { a: 1 as const } : {}),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.#mac(body).toString('base64url')}`;
  }

  /** The session a credential stands for; throws 401 `INVALID_SESSION` when missing, forged, altered or expired. */
  verify(credential: string | string[] | undefined): JourneySession {
    if (typeof credential !== 'string' || credential === '') {
      throw invalid("this journey API call needs the journey page's session credential (X-Journey-Session)");
    }
    const dot = credential.indexOf('.');
    const body = credential.slice(0, dot);
    const given = Buffer.from(credential.slice(dot + 1), 'base64url');
    const expected = this.#mac(body);
    // Compare the MAC bytes in constant time; a wrong length is refused before (it says nothing about the key).
    if (
      dot <= 0 ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected) ||
      credential.slice(dot + 1) !== expected.toString('base64url')
    ) {
      throw invalid('the session credential is not one this sandbox issued');
    }
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    const age = this.#now().getTime() - p.t;
    if (age > JOURNEY_SESSION_TTL_MS || age < -FUTURE_SKEW_MS)
      throw invalid('the session credential expired: reload the journey page');
    return {
      kind: p.k === 'j' ? 'journey' : 'bank-return',
      vendor: p.v,
      ref: p.r,
      parentOrigin: p.p,
      ...(Array.isArray(p.c) ? { collect: p.c } : {}),
      ...(p.a === 1 ? { app: true } : {}),
      issuedAt: p.t,
      pageId: `jps_${p.i}`,
    };
  }

  #mac(body: string): Buffer {
    return createHmac('sha256', this.#key).update(`hj-journey-session.v1.${body}`).digest();
  }
}

function invalid(message: string): SandboxHttpError {
  return new SandboxHttpError(E.INVALID_SESSION, message);
}
