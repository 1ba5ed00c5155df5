/**
 * `hosted-journey/element`: the `<hosted-journey>` custom element.
 *
 * Constraints:
 * 1. Importing is SSR-safe: nothing touches `HTMLElement`, `customElements` or `document` at module top level when
 *    they do not exist (Node), and nothing is defined on import; call `defineHostedJourneyElement()`.
 * 2. Attributes map to options (see `ATTRIBUTES`); changes are coalesced in a microtask and re-create the journey once.
 * 3. Every journey event reaches the element as `hosted-journey:<type>` (detail = payload), bubbling and composed, so
 *    it crosses shadow roots; exactly once on the element. A bad configuration dispatches `hosted-journey:config_error`.
 * 4. Connecting opens the journey (inline inside the element, or the modal); removing the element destroys it.
 */
import { createJourney } from '../widget/index.js';
import type { JourneyHandle, JourneyOptions } from '../widget/index.js';
import type { CollectOption, JourneyPrefill, JourneyTheme, StartAt } from '../protocol/browser.js';

/** Default tag name. */
export const HOSTED_JOURNEY_TAG = 'hosted-journey';
/** Prefix of every DOM event the element dispatches. */
export const EVENT_PREFIX = 'hosted-journey:';

/** Attribute → option. Colours and font go into `theme`. */
const ATTRIBUTES = {
  vendor: 'vendor',
  'customer-id': 'customerId',
  'journey-origin': 'journeyOrigin',
  mode: 'mode',
  'start-at': 'startAt',
  'institution-id': 'institutionId',
  collect: 'collect',
  multiple: 'multipleInstitutions',
  'primary-colour': 'primaryColour',
  'secondary-colour': 'secondaryColour',
  'background-colour': 'backgroundColour',
  font: 'font',
  'journey-title': 'title',
  'min-height': 'minHeight',
  'max-height': 'maxHeight',
  'ready-timeout-ms': 'readyTimeoutMs',
} as const;

/** Typed callback → event type, for re-dispatching in modal mode. */
const RELAYED = {
  onReady: 'ready',
  onStep: 'step',
  onInstitutionSelected: 'institution_selected',
  onBankAuthorisation: 'bank_authorisation',
  onReleased: 'released',
  onComplete: 'completed',
  onError: 'error',
  onExit: 'exit',
} as const satisfies Partial<Record<keyof JourneyOptions, string>>;

const NUMERIC = new Set(['minHeight', 'maxHeight', 'readyTimeoutMs']);
const THEME = new Set(['primaryColour', 'secondaryColour', 'backgroundColour', 'font']);

/** Reads the element's attributes into `createJourney` options (without callbacks and container). */
export function optionsFromAttributes(element: Element): Omit<JourneyOptions, 'container'> {
  const options: Record<string, unknown> = {};
  const theme: JourneyTheme = {};
  for (const [attribute, option] of Object.entries(ATTRIBUTES)) {
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    if (option === 'multipleInstitutions') options[option] = value !== 'false';
    else if (option === 'collect') options[option] = value.split(/[\s,]+/).filter(Boolean) as CollectOption[];
    else if (NUMERIC.has(option)) options[option] = Number(value);
    else if (THEME.has(option)) theme[option as keyof JourneyTheme] = value;
    else if (option === 'startAt') options[option] = value as StartAt;
    else options[option] = value;
  }
  if (Object.keys(theme).length) options.theme = theme;
  return options as unknown as Omit<JourneyOptions, 'container'>;
}

// `class X extends HTMLElement` would throw on import in Node; a placeholder base keeps the import SSR-safe.
const Base: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/**
 * `<hosted-journey vendor="acme" customer-id="cust_1234" journey-origin="https://journey.example.com">`.
 *
 * @example
 * defineHostedJourneyElement();
 * document.querySelector('hosted-journey')!
 *   .addEventListener('hosted-journey:completed', (e) => save((e as CustomEvent).detail.applicationId));
 */
export class HostedJourneyElement extends Base {
  static get observedAttributes(): string[] {
    return Object.keys(ATTRIBUTES);
  }

  #handle: JourneyHandle | null = null;
  #scheduled = false;
  #prefill: JourneyPrefill | undefined;

  /** The live journey, or `null` while disconnected or misconfigured. */
  get handle(): JourneyHandle | null {
    return this.#handle;
  }

  /** Prefill is a property, not an attribute, so personal data never sits in the DOM. Setting it re-creates. */
  get prefill(): JourneyPrefill | undefined {
    return this.#prefill;
  }
  set prefill(value: JourneyPrefill | undefined) {
    this.#prefill = value;
    this.#schedule();
  }

  /** Shows the modal (mode="modal") or re-mounts a closed inline journey. */
  open(): void {
    this.#handle?.open();
  }

  close(): void {
    this.#handle?.close();
  }

  connectedCallback(): void {
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.#teardown();
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next && this.isConnected) this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#teardown();
      if (this.isConnected) this.#create();
    });
  }

  #create(): void {
    const options = optionsFromAttributes(this);
    const modal = options.mode === 'modal';
    try {
      this.#handle = createJourney({
        ...options,
        ...(this.#prefill ? { prefill: this.#prefill } : {}),
        // Inline: the element is the container, and the widget dispatches its DOM events (bubbling, composed) on
        // its container, so nothing is re-dispatched. Modal: the widget dispatches on the overlay it appends to
        // document.body, so the element re-dispatches from the typed callbacks (which also carry the widget's own
        // READY_TIMEOUT error and user_closed exit).
        ...(modal ? this.#relay() : { mode: 'inline' as const, container: this }),
        onInvalidMessage: (info) => this.#emit('invalid_message', info),
      });
      this.#handle.open();
    } catch (error) {
      this.#handle = null;
      this.#emit('config_error', error);
    }
  }

  #relay(): Partial<JourneyOptions> {
    const relay: Record<string, (payload: unknown) => void> = {};
    for (const [callback, type] of Object.entries(RELAYED)) relay[callback] = (payload) => this.#emit(type, payload);
    return relay as Partial<JourneyOptions>;
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(EVENT_PREFIX + type, { detail, bubbles: true, composed: true }));
  }

  #teardown(): void {
    this.#handle?.destroy();
    this.#handle = null;
  }
}

/**
 * Defines `<hosted-journey>` (or `tagName`) unless something is already defined under that name. Returns the
 * constructor in use. A no-op returning `undefined` where `customElements` does not exist (server rendering).
 *
 * @example defineHostedJourneyElement(); // or defineHostedJourneyElement('acme-journey')
 */
export function defineHostedJourneyElement(tagName: string = HOSTED_JOURNEY_TAG): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(tagName);
  if (existing) return existing;
  // A subclass per extra tag name: one constructor cannot be defined twice.
  const ctor = tagName === HOSTED_JOURNEY_TAG ? HostedJourneyElement : class extends HostedJourneyElement {};
  customElements.define(tagName, ctor);
  return ctor;
}

declare global {
  interface HTMLElementTagNameMap {
    'hosted-journey': HostedJourneyElement;
  }
}

export type { JourneyHandle, JourneyOptions } from '../widget/index.js';
