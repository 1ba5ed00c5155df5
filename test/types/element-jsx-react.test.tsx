/** @jsxImportSource react */
// Type tests: `<hosted-journey>` in React 19's JSX (hosted-journey/element/react): typed attribute values, the
// `prefill` property and `onhosted-journey-*` events. TypeScript lets an unknown hyphenated JSX attribute through (as
// it does `data-*`), so a misspelt one is the element's console warning's to catch, not tsc's. Compile-time
// assertions (tsc --noEmit); nothing is rendered.
import { describe, expectTypeOf, it } from 'vitest';
import type {} from '../../src/bindings/frameworks/react.js';

describe('<hosted-journey> in React JSX', () => {
  it('takes typed attributes, prefill and typed events; refuses a wrong value', () => {
    const types = () => [
      <hosted-journey
        key="a"
        vendor="acme"
        customer-id="cust_1234"
        journey-origin="http://127.0.0.1:4010"
        mode="modal"
        prewarm="idle"
        ready-timeout-ms="20000"
        prefill={{ email: 'alex@example.com' }}
        onhosted-journey-completed={(e) => expectTypeOf(e.detail.applicationId).toBeString()}
        onhosted-journey-institution-selected={(e) => expectTypeOf(e.detail.institutionId).toBeString()}
      />,
      // @ts-expect-error: `mode` is inline or modal.
      <hosted-journey key="b" mode="popup" />,
      // @ts-expect-error: `ready-timeout-ms` is a number.
      <hosted-journey key="c" ready-timeout-ms="soon" />,
      // @ts-expect-error: `prewarm` is a boolean, `idle` or `intent`.
      <hosted-journey key="d" prewarm="later" />,
      // @ts-expect-error: the handler gets the completed event, which has no `reason`.
      <hosted-journey key="e" onhosted-journey-completed={(e: CustomEvent<{ reason: string }>) => e} />,
    ];
    void types;
  });
});
