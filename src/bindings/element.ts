/**
 * `hosted-journey/element`: the `<hosted-journey>` custom element.
 *
 * Constraints:
 * 1. Importing is SSR-safe: nothing touches `HTMLElement`, `customElements` or `document` at module top level when
 *    they do not exist (Node), and nothing is defined on import; call `defineHostedJourneyElement()`.
 * 2. Attributes are the rows of src/widget/surface.ts without `NOT_EL` (names derived there; `multiple` and
 *    `journey-title` are deprecated aliases); changes are coalesced in a microtask and re-create the journey once.
 * 3. Every journey event reaches the element as `hosted-journey:<type>` (detail = payload), bubbling and composed, so
 *    it crosses shadow roots; exactly once, in both modes (the element is the widget's `eventTarget`). A bad
 *    configuration dispatches `hosted-journey:config_error`. Each is followed by its twin under the name template
 *    syntaxes bind (`hosted-journey-completed`, surface.ts `bindableEventName`), same detail, also once.
 * 4. Connecting opens the journey (inline inside the element, or the modal); removing the element destroys it. With
 *    `prewarm`, connecting prewarms it hidden instead (`'intent'`: hover/focus/touch of the element itself) and
 *    `open()` shows it.
 * 5. A property set before the element was defined (a framework that renders before `defineHostedJourneyElement()`
 *    sets `el.prefill` on a plain HTMLElement) is an own property shadowing the setter: on connect it is taken
 *    through the setter (the custom-elements upgrade pattern), so it is never lost.
 */
import { partMissing } from '../widget/events.js';
import { createJourney } from '../widget/index.js';
import type { JourneyHandle, JourneyOptions } from '../widget/index.js';
import type { ElementOnlyEventMap, HostedJourneyBindableEventMap } from './element-types.js';
import type { JourneyPrefill } from '../protocol/browser.js';
import { attributeName, bindableEventName, DOM_EVENT_PREFIX, NOT_EL, optionsFrom, rows } from '../widget/surface.js';

/** Default tag name. */
export const HOSTED_JOURNEY_TAG = 'hosted-journey';
/** Prefix of every DOM event the element dispatches. */
export const EVENT_PREFIX = DOM_EVENT_PREFIX;

/** Deprecated attribute names, still read when the current one is absent. */
const ALIASES: Record<string, string> = { multipleInstitutions: 'multiple', title: 'journey-title' };

/** The attribute of each row of surface.ts without `NOT_EL` (`customer-id`, `multiple-institutions`, `title`, …). */
const ATTRIBUTES = rows()
  .filter(([, row]) => !(row & NOT_EL))
  .map(([name]) => attributeName(name));

/** The element's own settable properties (the options that are never attributes). */
const PROPERTIES = ['prefill'] as const;

/** Attributes any element may carry, never taken for a misspelt one of ours. */
const OTHER_ATTRIBUTES = ['id', 'class', 'style', 'slot', 'part', 'hidden', 'title', 'lang', 'dir', 'tabindex', 'role'];

/** Reads the element's attributes into `createJourney` options (without callbacks and container). */
export function optionsFromAttributes(element: Element): Omit<JourneyOptions, 'container'> {
  return optionsFrom(
    (name) => element.getAttribute(attributeName(name)) ?? (ALIASES[name] ? element.getAttribute(ALIASES[name]) : null),
    NOT_EL,
  ) as Omit<JourneyOptions, 'container'>;
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
    return [...ATTRIBUTES, ...Object.values(ALIASES)];
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
    for (const name of PROPERTIES) {
      if (!Object.hasOwn(this, name)) continue;
      const value = this[name];
      delete this[name];
      this[name] = value;
    }
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
    // Misspelt attributes are ignored: one warning each, naming the nearest attribute (a lazy part).
    // A `prefill` attribute is an object a template set as an attribute before the element was defined.
    if (this.hasAttribute('prefill'))
      console.error(
        `hosted-journey: <${this.localName}> ignores the prefill attribute: prefill is a property, so personal data ` +
          'never sits in the DOM (Vue: :prefill.prop; Angular: [prefill]; Svelte and JavaScript: el.prefill = {…})',
      );
    const given = this.getAttributeNames().filter(
      (a) => a !== 'prefill' && !OTHER_ATTRIBUTES.includes(a) && !/^(data|aria)-/.test(a),
    );
    const known = HostedJourneyElement.observedAttributes;
    if (!given.every((a) => known.includes(a)))
      import('../widget/typos.js').then((t) => t.warnUnknown(given, known, (a) => `attribute '${a}'`), partMissing);
    try {
      this.#handle = createJourney({
        ...options,
        ...(this.#prefill ? { prefill: this.#prefill } : {}),
        // Every event is dispatched on the element, inline and modal alike (a modal's root is on document.body).
        eventTarget: this,
        ...(options.mode === 'modal' ? {} : { container: this }),
        ...(options.prewarm === 'intent' ? { prewarmTrigger: this } : {}),
      });
      if (!options.prewarm) this.#handle.open();
    } catch (error) {
      this.#handle = null;
      // Also said on the console: a page that does not listen for config_error would otherwise show nothing.
      const { field, message } = error as { field?: string; message?: string };
      const attribute = field && attributeName(field.replace(/^\w+\./, ''));
      console.error(
        `hosted-journey: <${this.localName}> did not mount: ${message}` +
          (attribute && ATTRIBUTES.includes(attribute) ? ` (attribute '${attribute}')` : ''),
      );
      this.#emit('config_error', error);
    }
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(EVENT_PREFIX + type, { detail, bubbles: true, composed: true }));
  }

  /** Every `hosted-journey:<type>` dispatched on the element (by the widget or itself) is followed by its twin. */
  override dispatchEvent(event: Event): boolean {
    const delivered = super.dispatchEvent(event);
    if (event.type.startsWith(EVENT_PREFIX)) {
      const { detail } = event as CustomEvent;
      super.dispatchEvent(new CustomEvent(bindableEventName(event.type), { detail, bubbles: true, composed: true }));
    }
    return delivered;
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
  // The element's events bubble: typed on every element (also an `Element` from `querySelector`) and on document, as
  // the widget's `hosted-journey:*` are.
  interface ElementEventMap extends ElementOnlyEventMap, HostedJourneyBindableEventMap {}
  interface HTMLElementEventMap extends ElementOnlyEventMap, HostedJourneyBindableEventMap {}
  interface DocumentEventMap extends ElementOnlyEventMap, HostedJourneyBindableEventMap {}
}

export type { JourneyHandle, JourneyOptions } from '../widget/index.js';
export type {
  HostedJourneyAttributeOptions,
  HostedJourneyAttributes,
  HostedJourneyBindableEventMap,
  HostedJourneyElementEventMap,
  HostedJourneyEventProps,
  HostedJourneyProperties,
} from './element-types.js';
