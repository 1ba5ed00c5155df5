/**
 * Delivers journey events: the typed callback, `on()` listeners, `onEvent`, then a DOM `CustomEvent`
 * (`hosted-journey:<type>`, bubbling, composed, detail = payload) on the mount's event target. Which callback and
 * which DOM event belong to an event is in surface.ts. A throwing integrator callback is logged, never allowed to
 * break delivery to the others.
 */
import type { JourneyEvent, JourneyEventType } from '../protocol/browser.js';
import { DOM_EVENT_PREFIX, EVENTS, INVALID_MESSAGE, PHASES, type SurfaceEventType } from './surface.js';
import type {
  BankStrategy,
  EventTime,
  InvalidMessageInfo,
  JourneyCallbacks,
  JourneySession,
  TimedPayloads,
} from './types.js';

export { DOM_EVENT_PREFIX };

type Listener = (payload: never) => void;

/**
 * What a binding's `onError` proxy answers when its props hold no `onError`: the error counts as unheard, so the hub
 * logs it as it does for a journey created without `onError`. A string (the prefix's, already in the bundle), so
 * every bundle compares it equal; no integrator's `onError` returns it.
 */
export const UNHEARD = DOM_EVENT_PREFIX;

/** Runs `fn`, returning what it returns; a throw is logged, never passed on. */
export function safely(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (error) {
    console.error('hosted-journey: an event handler threw', error);
  }
}

/**
 * Said once, never thrown: a lazy part that only helps (prewarm, the typo warning) could not be loaded, or an option
 * that is ignored (`traceparent`). The error itself is logged, so its code and stack show.
 */
export function partMissing(error: unknown): void {
  console.warn('hosted-journey:', error);
}

/** Dispatches `hosted-journey:<type>` on `target`. */
export function dispatchDomEvent(target: EventTarget | null, type: string, detail: unknown): void {
  if (!target) return;
  safely(() =>
    target.dispatchEvent(new CustomEvent(DOM_EVENT_PREFIX + type, { detail, bubbles: true, composed: true })),
  );
}

export class EventHub {
  readonly #callbacks: JourneyCallbacks;
  readonly #listeners = new Map<JourneyEventType, Set<Listener>>();
  /** Every `onBankAuthorisation` phase says which strategy is in use. */
  readonly #strategy: BankStrategy;
  /**
   * When `open()` last showed the journey (`undefined`: never); the step the customer is on, and since when.
   * Durations are read on the monotonic clock (`performance.now()`): the wall clock can step back (NTP, the customer
   * setting it) and would make them negative.
   */
  #opened: number | undefined;
  #step: unknown;
  #stepAt = 0;
  /** `performance.now()` of the last stamp. */
  #now = 0;
  /**
   * The journey session every payload names (session.ts), set when a mount begins one; absent before the first (a
   * refused message, say, of a journey never opened).
   */
  session: JourneySession | undefined;

  constructor(callbacks: JourneyCallbacks, strategy: BankStrategy) {
    this.#callbacks = callbacks;
    this.#strategy = strategy;
  }

  /** `open()` showed the journey: `sinceOpenMs` counts from now, and the customer is on no step yet. */
  opened(): void {
    this.#opened = performance.now();
    this.#step = undefined;
  }

  /**
   * Stamps `payload` (always the widget's own object: a decoded message or a literal) with `at`, `sinceOpenMs` and
   * the session's ids.
   * Events held while prewarmed are delivered after `opened()`, so theirs is about 0; what happens before any `open()`
   * (a refused message or MODAL_LOAD_FAILED while prewarmed) gets 0 too.
   */
  #stamp<T extends object>(payload: T): T & EventTime {
    const p = payload as T & EventTime;
    const now = (this.#now = performance.now());
    p.at = Date.now();
    p.sinceOpenMs = Math.round(now - (this.#opened ?? now));
    return Object.assign(p, this.session);
  }

  /** Calls the callback `name`: what it answered, or `UNHEARD` when there is none (a binding's proxy says so too). */
  #call(name: keyof JourneyCallbacks, arg: unknown): unknown {
    const fn = this.#callbacks[name] as ((a: unknown) => unknown) | undefined;
    return fn ? safely(() => fn(arg)) : UNHEARD;
  }

  on<T extends JourneyEventType>(type: T, fn: (payload: TimedPayloads[T]) => void): () => void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(fn as Listener);
    return () => this.off(type, fn);
  }

  off<T extends JourneyEventType>(type: T, fn: (payload: TimedPayloads[T]) => void): void {
    this.#listeners.get(type)?.delete(fn as Listener);
  }

  /** A bank phase the widget itself reached (`opened`, `redirecting`): the callback only. */
  phase(event: { phase: 'opened'; consentId: string } | { phase: 'redirecting'; url: string }): void {
    this.#call('onBankAuthorisation', this.#stamp({ ...event, strategy: this.#strategy }));
  }

  /** A refused message from the journey's window: `onInvalidMessage` and `hosted-journey:invalid_message`. */
  invalid(info: InvalidMessageInfo, host: EventTarget | null): void {
    this.#call('onInvalidMessage', this.#stamp(info));
    dispatchDomEvent(host, INVALID_MESSAGE, info);
  }

  clear(): void {
    this.#listeners.clear();
  }

  /**
   * Delivers one event, stamped. `journey: false` marks events the widget raised itself (READY_TIMEOUT, user_closed):
   * they reach the typed callback, `on()` and the DOM, but not `onEvent`, which carries only what the journey sent.
   * Loud without `onError`: an error the widget raised that no `onError` heard is logged (its message, for the
   * developer), since a wrong `journeyOrigin` or a part that did not load would otherwise leave a blank frame and a
   * silent console. Every surface (the script tag, the bindings, the element) creates its journey here, so all inherit
   * the rule.
   */
  deliver(event: JourneyEvent, host: EventTarget | null, journey = true): void {
    const type = event.type as SurfaceEventType; // never `hello` or `escape`: the messenger and the journey keep them
    const phase = PHASES[type];
    const payload = this.#stamp(event.payload as Record<string, unknown>);
    // Only `ready` (the first step) and `step` carry a step. A `step` to another step says which one the customer left
    // and how long they were on it, so the funnel an integrator sends needs no timer of its own; one repeating the
    // current step (journeys announce their first step with `ready` and `step`) is no move and keeps the count.
    if (payload.step && payload.step !== this.#step) {
      if (type === 'step' && this.#step) {
        payload.previousStep = this.#step;
        payload.previousStepMs = Math.round(this.#now - this.#stepAt);
      }
      this.#step = payload.step;
      this.#stepAt = this.#now;
    }
    const answer = this.#call(EVENTS[type], phase ? { phase, strategy: this.#strategy, ...payload } : payload);
    // UNHEARD is the prefix of every line the widget logs: `hosted-journey: <message>`.
    if (answer === UNHEARD && !journey && payload.message) console.error(UNHEARD, payload.message);
    for (const fn of [...(this.#listeners.get(event.type) ?? [])]) safely(() => (fn as (p: unknown) => void)(payload));
    if (journey) this.#call('onEvent', event);
    dispatchDomEvent(host, event.type, payload);
  }
}
