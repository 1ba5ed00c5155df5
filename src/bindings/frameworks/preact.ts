/**
 * `hosted-journey/element/preact` (types only): `<hosted-journey>` in Preact's JSX.
 * `import type {} from 'hosted-journey/element/preact';` once. (`hosted-journey/preact`'s `<HostedJourney>` needs
 * no custom element at all.)
 *
 * Constraints:
 * 1. The element's attributes (kebab case, typed values), its `prefill` property (Preact sets a prop the element has
 *    as a property) and its events as Preact binds them: `onhosted-journey-completed={…}`.
 * 2. TypeScript does not check hyphenated JSX attribute names it does not know (it lets `data-*` through the same way):
 *    a misspelt `start-att` passes tsc and is caught by the element's console warning; a wrong value is a type error.
 * 3. Types only: `preact` is the integrator's; nothing here exists at run time.
 */
import type { HTMLAttributes } from 'preact';
import type { HostedJourneyElement } from '../element.js';
import type { HostedJourneyAttributes, HostedJourneyEventProps, HostedJourneyProperties } from '../element-types.js';

/** What Preact accepts on `<hosted-journey>`. */
export type HostedJourneyPreactProps = Omit<HTMLAttributes<HostedJourneyElement>, keyof HostedJourneyAttributes> &
  HostedJourneyAttributes &
  HostedJourneyProperties &
  HostedJourneyEventProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'hosted-journey': HostedJourneyPreactProps;
    }
  }
}
