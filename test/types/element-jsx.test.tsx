// Type tests: `<hosted-journey>` in Preact's JSX (hosted-journey/element/preact): typed attribute values, the
// `prefill` property and `onhosted-journey-*` events. TypeScript lets an unknown hyphenated JSX attribute through (as
// it does `data-*`), so a misspelt one is the element's console warning's to catch (test/bindings/element-console),
// not tsc's. Compile-time assertions (tsc --noEmit); nothing is rendered.
import { describe, expectTypeOf, it } from 'vitest';
import type {} from '../../src/bindings/frameworks/preact.js';

describe('<hosted-journey> in Preact JSX', () => {
  it('takes typed attributes, prefill and typed events; refuses a wrong value', () => {
    const types = () => [
      <hosted-journey
        key="a"
        vendor="acme"
        customer-id="cust_1234"
        journey-origin="http://127.0.0.1:4010"
        start-at="banks"
        min-height={600}
        collect="analysis account_owner"
        multiple-institutions
        prefill={{ fullName: 'Alex Citizen' }}
        onhosted-journey-completed={(e) => expectTypeOf(e.detail.applicationId).toBeString()}
        onhosted-journey-exit={(e) => expectTypeOf(e.detail.reason).toBeString()}
      />,
      // @ts-expect-error: `start-at` is one of the journey's steps.
      <hosted-journey key="b" start-at="bankz" />,
      // @ts-expect-error: `min-height` is a number.
      <hosted-journey key="c" min-height="tall" />,
      // @ts-expect-error: prefill's keys are the journey's.
      <hosted-journey key="d" prefill={{ name: 'Alex' }} />,
      // @ts-expect-error: the handler gets the completed event, which has no `reason`.
      <hosted-journey key="e" onhosted-journey-completed={(e: CustomEvent<{ reason: string }>) => e} />,
    ];
    void types;
  });
});
