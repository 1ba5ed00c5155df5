/**
 * `hosted-journey/element/svelte` (types only): `<hosted-journey>` in Svelte 5 markup, for svelte-check.
 * `import type {} from 'hosted-journey/element/svelte';` once, e.g. in `src/app.d.ts`.
 *
 * Constraints:
 * 1. The element's attributes (kebab case, typed values), its `prefill` property and its events under the names Svelte
 *    binds (`onhosted-journey-completed={…}`: Svelte refuses a `:` in an attribute name).
 * 2. Types only: `svelte` is the integrator's; nothing here exists at run time.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { HostedJourneyElement } from '../element.js';
import type { HostedJourneyAttributes, HostedJourneyEventProps, HostedJourneyProperties } from '../element-types.js';

/** What Svelte accepts on `<hosted-journey>`. */
export type HostedJourneySvelteProps = HTMLAttributes<HostedJourneyElement> &
  HostedJourneyAttributes &
  HostedJourneyProperties &
  HostedJourneyEventProps;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'hosted-journey': HostedJourneySvelteProps;
  }
}
