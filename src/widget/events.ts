/**
 * Delivers journey events: the typed callback, `on()` listeners, `onEvent`, then a DOM `CustomEvent`
 * (`hosted-journey:<type>`, bubbling, detail = payload) on the host element for script-tag users.
 * A throwing integrator callback is logged, never allowed to break delivery to the others.
 */
import type { JourneyEvent, JourneyEventPayloads, JourneyEventType } from '../protocol/browser.js';
import type { BankAuthorisationPhase, JourneyCallbacks } from './types.js';

export const DOM_EVENT_PREFIX = 'hosted-journey:';

const CALLBACKS: { readonly [K in JourneyEventType]?: keyof JourneyCallbacks } = {
  ready: 'onReady',
  step: 'onStep',
  institution_selected: 'onInstitutionSelected',
  bank_authorisation: 'onBankAuthorisation',
  bank_authorisation_completed: 'onBankAuthorisation',
  released: 'onReleased',
  completed: 'onComplete',
  error: 'onError',
  exit: 'onExit',
};

/** `onBankAuthorisation` gets one union for every phase: these events' payloads are tagged with theirs. */
const PHASES: { readonly [K in JourneyEventType]?: string } = { bank_authorisation: 'requested', bank_authorisation_completed: 'completed' };

type Listener = (payload: never) => void;

function safely(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.error('hosted-journey: an event handler threw', error);
  }
}

/** Dispatches `hosted-journey:<type>` on `target`. */
export function dispatchDomEvent(target: EventTarget | null, type: string, detail: unknown): void {
  if (!target) return;
  safely(() => target.dispatchEvent(new CustomEvent(DOM_EVENT_PREFIX + type, { detail, bubbles: true, composed: true })));
}

export class EventHub {
  readonly #callbacks: JourneyCallbacks;
  readonly #listeners = new Map<JourneyEventType, Set<Listener>>();

  constructor(callbacks: JourneyCallbacks) {
    this.#callbacks = callbacks;
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
  phase(event: BankAuthorisationPhase): void {
    const fn = this.#callbacks.onBankAuthorisation;
    if (fn) safely(() => fn(event));
  }

  clear(): void {
    this.#listeners.clear();
  }

  /**
   * Delivers one event. `journey: false` marks events the widget raised itself (READY_TIMEOUT, user_closed):
   * they reach the typed callback, `on()` and the DOM, but not `onEvent`, which carries only what the journey sent.
   */
  deliver(event: JourneyEvent, host: EventTarget | null, journey = true): void {
    const name = CALLBACKS[event.type];
    const callback = name ? (this.#callbacks[name] as ((p: unknown) => void) | undefined) : undefined;
    const phase = PHASES[event.type];
    if (callback) safely(() => callback(phase ? { phase, ...event.payload } : event.payload));
    for (const fn of [...(this.#listeners.get(event.type) ?? [])]) safely(() => (fn as (p: unknown) => void)(event.payload));
    if (journey && this.#callbacks.onEvent) {
      const onEvent = this.#callbacks.onEvent;
      safely(() => onEvent(event));
    }
    dispatchDomEvent(host, event.type, event.payload);
  }
}
