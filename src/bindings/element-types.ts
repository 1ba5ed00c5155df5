/**
 * `<hosted-journey>`'s attributes, property and events as types, for the element itself and for the template type
 * checkers of frameworks (src/bindings/frameworks/*: Vue, Svelte, React and Preact JSX).
 *
 * Constraints:
 * 1. Derived, never listed: the attributes are `JourneyOptions` (and `JourneyTheme`'s keys) in kebab case, as
 *    surface.ts `attributeName` spells them at run time, less the options the element never reads as attributes
 *    (`NOT_EL` rows and the object options). test/types/element-attributes.test.ts proves the keys are exactly the
 *    element's `observedAttributes`, so a row added to surface.ts without a type here (or the reverse) fails.
 * 2. Values are typed as a template writes them: the option's own type (`mode="modal"`), a number or its digits, a
 *    boolean or `"true"`/`"false"`/`""`, a list as one string or an array (a framework writes `String(array)`, which
 *    the element splits on commas).
 * 3. Types only: nothing here exists at run time.
 */
import type { JourneyPrefill, JourneyTheme } from '../protocol/browser.js';
import type { JourneyCallbacks, JourneyConfigError, JourneyDomEventMap, JourneyOptions } from '../widget/index.js';

/** `customerId` → `'customer-id'`, the type-level twin of surface.ts `attributeName`. */
export type Kebab<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `-${Lowercase<H>}`}${Kebab<T>}`
  : S;

/** `institution_selected` → `institution-selected`: event types to their template names. */
type Dashes<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Dashes<B>}` : S;

/** Options the element does not read from attributes: it owns placement and events; objects are never attributes. */
type NotAttributes = keyof JourneyCallbacks | 'container' | 'eventTarget' | 'prewarmTrigger' | 'theme' | 'prefill';

/** How a template may write an option's value as an attribute (surface.ts reads it back). */
type AttributeValue<T> = [T] extends [number]
  ? number | `${number}`
  : [T] extends [readonly (infer U)[]]
    ? string | readonly U[]
    : boolean extends T
      ? Exclude<T, boolean> | boolean | 'true' | 'false' | ''
      : T;

/**
 * Every attribute of `<hosted-journey>` under its option's name (`customerId` for `customer-id`), typed: what Vue's
 * template checker expects, since it reads `customer-id` on a component as `customerId`.
 */
export type HostedJourneyAttributeOptions = {
  [K in Exclude<keyof JourneyOptions, NotAttributes>]?: AttributeValue<Exclude<JourneyOptions[K], undefined>>;
} & { [K in keyof JourneyTheme]?: string } & {
  /** @deprecated `multiple-institutions`; read only when it is absent. */
  multiple?: boolean | 'true' | 'false' | '';
  /** @deprecated `title`; read only when it is absent. */
  journeyTitle?: string;
};

/**
 * Every attribute of `<hosted-journey>`, typed: `vendor`, `customer-id`, `journey-origin` (required by the journey,
 * optional here because a template may set them later), `mode="inline" | "modal"`, `start-at`, `min-height`, …
 * @example const attrs: HostedJourneyAttributes = { vendor: 'acme', 'customer-id': 'cust_1', 'start-at': 'banks' };
 */
export type HostedJourneyAttributes = {
  [K in keyof HostedJourneyAttributeOptions as Kebab<K & string>]: HostedJourneyAttributeOptions[K];
};

/** The element's own property: prefill never sits in the DOM. Vue: `:prefill.prop`; Angular: `[prefill]`. */
export interface HostedJourneyProperties {
  prefill?: JourneyPrefill | undefined;
}

/** Events only the element dispatches. */
export type ElementOnlyEventMap = { 'hosted-journey:config_error': CustomEvent<JourneyConfigError> };

/**
 * Every DOM event of `<hosted-journey>` under the names template syntaxes bind: `hosted-journey-<type in kebab case>`
 * (`hosted-journey-completed`, `hosted-journey-institution-selected`, `hosted-journey-config-error`), the same
 * `CustomEvent` types as their `hosted-journey:<type>` twins.
 * @example el.addEventListener('hosted-journey-completed', (e) => save(e.detail.applicationId));
 */
export type HostedJourneyBindableEventMap = {
  [K in keyof (JourneyDomEventMap & ElementOnlyEventMap) & string as K extends `hosted-journey:${infer T}`
    ? `hosted-journey-${Dashes<T>}`
    : never]: (JourneyDomEventMap & ElementOnlyEventMap)[K];
};

/** Every DOM event `<hosted-journey>` dispatches, under both names. */
export type HostedJourneyElementEventMap = JourneyDomEventMap & ElementOnlyEventMap & HostedJourneyBindableEventMap;

/**
 * Event props as JSX (React 19, Preact) and Svelte 5 bind a custom element's events: `on` + the event's name,
 * `onhosted-journey-completed={(e) => save(e.detail.applicationId)}`.
 */
export type HostedJourneyEventProps = {
  [K in keyof HostedJourneyBindableEventMap as `on${K}`]?: (event: HostedJourneyBindableEventMap[K]) => void;
};
