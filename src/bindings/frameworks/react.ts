/**
 * `hosted-journey/element/react` (types only): `<hosted-journey>` in React 19's JSX.
 * `import type {} from 'hosted-journey/element/react';` once. (`hosted-journey/react`'s `<HostedJourney>` needs no
 * custom element at all.)
 *
 * Constraints:
 * 1. The element's attributes (kebab case, typed values), its `prefill` property (React 19 sets a prop the element
 *    has as a property) and its events as React 19 binds a custom element's: `onhosted-journey-completed={…}`.
 * 2. TypeScript does not check hyphenated JSX attribute names it does not know (it lets `data-*` through the same way):
 *    a misspelt `start-att` passes tsc and is caught by the element's console warning; a wrong value is a type error.
 * 3. Types only: `react` is the integrator's; nothing here exists at run time.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { HostedJourneyElement } from '../element.js';
import type { HostedJourneyAttributes, HostedJourneyEventProps, HostedJourneyProperties } from '../element-types.js';

/** What React accepts on `<hosted-journey>`. */
export type HostedJourneyReactProps = DetailedHTMLProps<HTMLAttributes<HostedJourneyElement>, HostedJourneyElement> &
  HostedJourneyAttributes &
  HostedJourneyProperties &
  HostedJourneyEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'hosted-journey': HostedJourneyReactProps;
    }
  }
}
