/**
 * Delivers journey events: the typed callback, `on()` listeners, `onEvent`, then a DOM `CustomEvent`
 * (`hosted-journey:<type>`, bubbling, composed, detail = payload) on the mount's event target. Which callback and
 * which DOM event belong to an event is in surface.ts. A throwing integrator callback is logged, never allowed to
 * break delivery to the others.
 */
import type { JourneyEvent, JourneyEventPayloads, JourneyEventType } from '../protocol/browser.js';
import { DOM_EVENT_PREFIX, EVENTS, INVALID_MESSAGE, PHASES, type SurfaceEventType } from './surface.js';
import type { BankStrategy, InvalidMessageInfo, JourneyCallbacks } from './types.js';

export { DOM_EVENT_PREFIX };

type Listener = (payload: never) => void;

export function safely(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.error('hosted-journey: an event handler threw', error);
  }
}

/** A lazy part that only helps (prewarm, the typo warning) could not be loaded: said once, never thrown. */
export function partMissing(error: unknown): void {
  console.warn('hosted-journey:', (error as Error)?.message ?? error);
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

  constructor(callbacks: JourneyCallbacks, strategy: BankStrategy) {
    this.#callbacks = callbacks;
    this.#strategy = strategy;
  }

  #call(name: keyof JourneyCallbacks, arg: unknown): void {
    const fn = this.#callbacks[name] as ((a: unknown) => void) | undefined;
    if (fn) safely(() => fn(arg));
  }

  on<T extends JourneyEventType>(type: T, fn: (payload: JourneyEventPayloads[T]) => void): () => void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(fn as Listener);
    return () => this.off(type, fn);
  }

  off<T extends JourneyEventType>(type: T, fn: (payload: JourneyEventPayloads[T]) => void): void {
    this.#listeners.get(type)?.delete(fn as Listener);
  }

  /** A bank phase the widget itself reached (`opened`, `redirecting`): the callback only. */
  phase(event: { phase: 'opened'; consentId: string } | { phase: 'redirecting'; url: string }): void {
    this.#call('onBankAuthorisation', { ...event, strategy: this.#strategy });
  }

  /** A refused message from the journey's window: `onInvalidMessage` and `hosted-journey:invalid_message`. */
  invalid(info: InvalidMessageInfo, host: EventTarget | null): void {
    this.#call('onInvalidMessage', info);
    dispatchDomEvent(host, INVALID_MESSAGE, info);
  }

  clear(): void {
    this.#listeners.clear();
  }

  /**
   * Delivers one event. `journey: false` marks events the widget raised itself (READY_TIMEOUT, user_closed):
   * they reach the typed callback, `on()` and the DOM, but not `onEvent`, which carries only what the journey sent.
   */
  deliver(event: JourneyEvent, host: EventTarget | null, journey = true): void {
    const type = event.type as SurfaceEventType; // never `hello`: the messenger keeps it
    const phase = PHASES[type];
    this.#call(EVENTS[type], phase ? { phase, strategy: this.#strategy, ...event.payload } : event.payload);
    for (const fn of [...(this.#listeners.get(event.type) ?? [])])
      safely(() => (fn as (p: unknown) => void)(event.payload));
    if (journey) this.#call('onEvent', event);
    dispatchDomEvent(host, event.type, event.payload);
  }
}
