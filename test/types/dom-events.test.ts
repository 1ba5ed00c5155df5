// Type tests: the `hosted-journey:*` DOM events are in TypeScript's event maps (declare global in the widget's public
// types), so `addEventListener('hosted-journey:completed', (e) => e.detail.applicationId)` type-checks without a cast.
// Compile-time assertions (tsc --noEmit in npm test); the listeners are never attached.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  EventTime,
  InvalidMessageInfo,
  JourneyDomEventMap,
  JourneyErrorInfo,
  JourneyEventPayloads,
  StepTime,
} from '../../src/widget/index.js';

describe('hosted-journey DOM events in the DOM event maps', () => {
  it('document, elements and window type e.detail per event', () => {
    const types = () => {
      document.addEventListener('hosted-journey:completed', (e) => {
        expectTypeOf(e).toEqualTypeOf<CustomEvent<JourneyEventPayloads['completed'] & EventTime>>();
        expectTypeOf(e.detail.sinceOpenMs).toBeNumber();
        expectTypeOf(e.detail.applicationId).toBeString();
      });
      const el = document.createElement('div');
      el.addEventListener('hosted-journey:error', (e) => {
        expectTypeOf(e.detail).toEqualTypeOf<JourneyErrorInfo & EventTime>();
        expectTypeOf(e.detail.recoverable).toBeBoolean();
        // The code autocompletes the widget's own codes and still accepts the journey's.
        expectTypeOf<'READY_TIMEOUT'>().toMatchTypeOf<typeof e.detail.code>();
      });
      el.addEventListener('hosted-journey:step', (e) => {
        expectTypeOf(e.detail.step).toBeString();
        expectTypeOf(e.detail.previousStep).toEqualTypeOf<StepTime['previousStep']>();
        expectTypeOf(e.detail.previousStepMs).toEqualTypeOf<number | undefined>();
        expectTypeOf(e.detail.at).toBeNumber();
      });
      window.addEventListener('hosted-journey:invalid_message', (e) =>
        expectTypeOf(e.detail).toEqualTypeOf<InvalidMessageInfo & EventTime>(),
      );
      // @ts-expect-error: `detail` is not on a plain Event, so a misspelt name is not a journey event.
      document.addEventListener('hosted-journey:complete', (e) => e.detail);
    };
    void types;
  });

  it('the map lists every journey event but the handshake', () => {
    expectTypeOf<keyof JourneyDomEventMap>().toEqualTypeOf<
      | 'hosted-journey:ready'
      | 'hosted-journey:step'
      | 'hosted-journey:institution_selected'
      | 'hosted-journey:bank_authorisation'
      | 'hosted-journey:bank_authorisation_completed'
      | 'hosted-journey:released'
      | 'hosted-journey:completed'
      | 'hosted-journey:error'
      | 'hosted-journey:exit'
      | 'hosted-journey:invalid_message'
      | 'hosted-journey:journey_message'
    >();
  });
});
