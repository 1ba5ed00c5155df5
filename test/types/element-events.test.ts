// Type tests: `<hosted-journey>`'s events under the names template syntaxes bind (`hosted-journey-completed`, the
// twins of `hosted-journey:completed`) carry the same CustomEvent types, derived from the one event map; listeners on
// the element and on document are typed without a cast. Compile-time assertions (tsc --noEmit); never attached.
import { describe, expectTypeOf, it } from 'vitest';
import type { HostedJourneyBindableEventMap, HostedJourneyElementEventMap } from '../../src/bindings/element.js';
import { bindableEventName } from '../../src/widget/surface.js';
import type { JourneyConfigError, JourneyDomEventMap } from '../../src/widget/index.js';

describe('<hosted-journey> event names for templates', () => {
  it('each twin has its colon name’s type; a misspelt one is no journey event', () => {
    const types = () => {
      const el = document.createElement('hosted-journey');
      el.addEventListener('hosted-journey-completed', (e) => {
        expectTypeOf(e).toEqualTypeOf<JourneyDomEventMap['hosted-journey:completed']>();
        expectTypeOf(e.detail.applicationId).toBeString();
      });
      document.addEventListener('hosted-journey-institution-selected', (e) =>
        expectTypeOf(e).toEqualTypeOf<JourneyDomEventMap['hosted-journey:institution_selected']>(),
      );
      el.addEventListener('hosted-journey-config-error', (e) =>
        expectTypeOf(e.detail).toEqualTypeOf<JourneyConfigError>(),
      );
      el.addEventListener('hosted-journey:config_error', (e) =>
        expectTypeOf(e.detail).toEqualTypeOf<JourneyConfigError>(),
      );
      // @ts-expect-error: `detail` is not on a plain Event, so a misspelt name is not a journey event.
      el.addEventListener('hosted-journey-complete', (e) => e.detail);
    };
    void types;
  });

  it('the twins are exactly the colon names, kebab-cased, as bindableEventName spells them at run time', () => {
    expectTypeOf<keyof HostedJourneyBindableEventMap>().toEqualTypeOf<
      | 'hosted-journey-ready'
      | 'hosted-journey-step'
      | 'hosted-journey-institution-selected'
      | 'hosted-journey-bank-authorisation'
      | 'hosted-journey-bank-authorisation-completed'
      | 'hosted-journey-released'
      | 'hosted-journey-completed'
      | 'hosted-journey-error'
      | 'hosted-journey-exit'
      | 'hosted-journey-invalid-message'
      | 'hosted-journey-journey-message'
      | 'hosted-journey-config-error'
    >();
    expectTypeOf<HostedJourneyElementEventMap['hosted-journey-step']>().toEqualTypeOf<
      HostedJourneyElementEventMap['hosted-journey:step']
    >();
    const names: Array<keyof HostedJourneyBindableEventMap> = [
      'hosted-journey-institution-selected',
      'hosted-journey-bank-authorisation-completed',
    ];
    for (const [colon, twin] of [
      ['hosted-journey:institution_selected', names[0]],
      ['hosted-journey:bank_authorisation_completed', names[1]],
      ['hosted-journey:config_error', 'hosted-journey-config-error'],
    ] as const)
      if (bindableEventName(colon) !== twin) throw new Error(`${colon} → ${bindableEventName(colon)}, not ${twin}`);
  });
});
