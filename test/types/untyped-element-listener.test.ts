// Type tests: a listener on the `Element` that `querySelector('#x')` returns is typed like one on an HTMLElement,
// document or window. `Element.addEventListener` reads `ElementEventMap`, which the widget's `hosted-journey:*` events
// and the element's bindable names are merged into: without that, `e` there was a plain `Event` with no `detail`, so
// `e.detail.applicationId` needed a cast and a misspelt field was no error. Compile-time assertions (tsc --noEmit);
// the listeners are never attached.
import { describe, expectTypeOf, it } from 'vitest';
import type {} from '../../src/bindings/element.js';
import type { JourneyConfigError, JourneyDomEventMap } from '../../src/widget/index.js';

describe('listeners on an Element found by a selector', () => {
  it('hosted-journey:* and the bindable names carry their detail; a misspelt field is an error', () => {
    const types = () => {
      const found = document.querySelector('#x')!;
      expectTypeOf(found).toEqualTypeOf<Element>();
      found.addEventListener('hosted-journey:completed', (e) => {
        expectTypeOf(e).toEqualTypeOf<JourneyDomEventMap['hosted-journey:completed']>();
        expectTypeOf(e.detail.applicationId).toBeString();
        // @ts-expect-error: a misspelt field of the detail
        void e.detail.aplicationId;
      });
      found.addEventListener('hosted-journey-completed', (e) => expectTypeOf(e.detail.applicationId).toBeString());
      found.addEventListener('hosted-journey:config_error', (e) =>
        expectTypeOf(e.detail).toEqualTypeOf<JourneyConfigError>(),
      );
      found.addEventListener('hosted-journey:step', (e) => expectTypeOf(e.detail.step).toBeString());
      found.removeEventListener('hosted-journey:completed', (e) => expectTypeOf(e.detail.applicationId).toBeString());
      // An SVG element is an Element too.
      document.querySelector('svg')?.addEventListener('hosted-journey:exit', (e) => void e.detail.reason);
      // @ts-expect-error: `detail` is not on a plain Event, so a misspelt name is not a journey event.
      found.addEventListener('hosted-journey:complete', (e) => e.detail);
    };
    void types;
  });
});
