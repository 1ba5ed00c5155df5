/**
 * `hosted-journey/element/vue` (types only): `<hosted-journey>` in Vue templates, for vue-tsc and Volar.
 * `import type {} from 'hosted-journey/element/vue';` once (or `"types": ["hosted-journey/element/vue"]`).
 *
 * Constraints:
 * 1. Declared as a global component the way Vue's guide declares custom elements: `$props` for the attributes (under
 *    their option names: vue-tsc reads `customer-id` on a component as `customerId`) and the `prefill` property,
 *    `$emit` for the events under both names (`@hosted-journey-completed`, `@hosted-journey:completed`).
 * 2. A misspelt attribute fails only with `vueCompilerOptions.strictTemplates` (or `checkUnknownProps`): by default
 *    vue-tsc lets unknown attributes fall through to the element. A wrong value fails either way.
 * 3. Types only: `vue` is the integrator's; nothing here exists at run time.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { HostedJourneyElement } from '../element.js';
import type {
  HostedJourneyAttributeOptions,
  HostedJourneyElementEventMap,
  HostedJourneyProperties,
} from '../element-types.js';

/** `<hosted-journey>` as a component type: the element, with its template props and events. */
export type HostedJourneyVueComponent = new () => HostedJourneyElement & {
  /** @deprecated For template types only: not a property of the element. */
  $props: HTMLAttributes & HostedJourneyAttributeOptions & HostedJourneyProperties & PublicProps;
  /** @deprecated For template types only: not a method of the element. */
  $emit: EmitFn<{ [K in keyof HostedJourneyElementEventMap]: (event: HostedJourneyElementEventMap[K]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
    'hosted-journey': HostedJourneyVueComponent;
  }
}
