// Type tests: `<hosted-journey>`'s attributes as the framework type files declare them (hosted-journey/element/vue,
// /svelte, /react, /preact). The attribute keys are exactly the element's observedAttributes (the rows of
// src/widget/surface.ts the element reads), a misspelt attribute and a wrong value are type errors, and every event
// binds with its payload's type. Compile-time assertions (tsc --noEmit) plus one run-time comparison.
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { HostedJourneyElement } from '../../src/bindings/element.js';
import type {
  HostedJourneyAttributeOptions,
  HostedJourneyAttributes,
  HostedJourneyEventProps,
} from '../../src/bindings/element.js';
import type {} from '../../src/bindings/frameworks/svelte.js';
import type {} from '../../src/bindings/frameworks/vue.js';
import type { JourneyDomEventMap } from '../../src/widget/index.js';

/** Every key of HostedJourneyAttributes, no more (`satisfies` refuses a missing and an extra one). */
const ATTRIBUTE_KEYS = {
  vendor: true,
  'customer-id': true,
  'journey-origin': true,
  mode: true,
  'start-at': true,
  'institution-id': true,
  collect: true,
  'multiple-institutions': true,
  'prefill-in': true,
  title: true,
  'min-height': true,
  'max-height': true,
  'ready-timeout-ms': true,
  'bank-authorisation': true,
  'return-url': true,
  prewarm: true,
  'journey-protocol': true,
  locale: true,
  'renew-consent': true,
  traceparent: true,
  'primary-colour': true,
  'secondary-colour': true,
  'background-colour': true,
  font: true,
  multiple: true,
  'journey-title': true,
} as const satisfies Record<keyof HostedJourneyAttributes, true>;

type VueProps = InstanceType<GlobalComponents['hosted-journey']>['$props'];
type SvelteProps = SvelteHTMLElements['hosted-journey'];

describe('<hosted-journey> attribute types, from the surface table', () => {
  it('the typed attributes are exactly the attributes the element observes', () => {
    expect(Object.keys(ATTRIBUTE_KEYS).sort()).toEqual([...HostedJourneyElement.observedAttributes].sort());
  });

  it('kebab-case attributes with typed values; a misspelt attribute or a wrong value is an error (Svelte)', () => {
    const ok: SvelteProps = {
      vendor: 'acme',
      'customer-id': 'cust_1234',
      'start-at': 'banks',
      'min-height': 600,
      'max-height': '900',
      collect: ['analysis', 'account_owner'],
      'multiple-institutions': true,
      prewarm: 'intent',
      mode: 'modal',
      'primary-colour': '#0B5FFF',
      prefill: { fullName: 'Alex Citizen' },
      'onhosted-journey-completed': (e) => expectTypeOf(e.detail.applicationId).toBeString(),
      'onhosted-journey-config-error': (e) => expectTypeOf(e.detail.code).toBeString(),
      class: 'journey',
    };
    void ok;
    // @ts-expect-error: no attribute `start-att`.
    const typo: SvelteProps = { 'start-att': 'banks' };
    // @ts-expect-error: `start-at` is one of the journey's steps.
    const step: SvelteProps = { 'start-at': 'bankz' };
    // @ts-expect-error: `min-height` is a number.
    const height: SvelteProps = { 'min-height': 'tall' };
    // @ts-expect-error: `mode` is inline or modal.
    const mode: SvelteProps = { mode: 'popup' };
    // @ts-expect-error: Svelte binds the kebab twin; the colon name is no attribute.
    const colon: SvelteProps = { 'onhosted-journey:completed': () => {} };
    // @ts-expect-error: the handler gets the completed event, which has no `reason`.
    const wrong: SvelteProps = { 'onhosted-journey-completed': (e: CustomEvent<{ reason: string }>) => e };
    void [typo, step, height, mode, colon, wrong];
  });

  it('Vue reads the same attributes under their option names; events under both names', () => {
    expectTypeOf<VueProps['startAt']>().toEqualTypeOf<HostedJourneyAttributeOptions['startAt']>();
    expectTypeOf<VueProps['start-at' & keyof VueProps]>().toBeNever();
    // @ts-expect-error: no attribute `start-att` (vue-tsc reads it as `startAtt`).
    const typo: VueProps = { startAtt: 'banks' };
    // @ts-expect-error: `collect` lists what to collect.
    const collect: VueProps = { collect: ['analysis', 'everything'] };
    void [typo, collect];
    type Emit = InstanceType<GlobalComponents['hosted-journey']>['$emit'];
    const emit = null as unknown as Emit;
    const types = () => {
      emit('hosted-journey-completed', null as unknown as JourneyDomEventMap['hosted-journey:completed']);
      emit('hosted-journey:exit', null as unknown as JourneyDomEventMap['hosted-journey:exit']);
      // @ts-expect-error: a misspelt event.
      emit('hosted-journey-complete', new CustomEvent('x'));
    };
    void types;
  });

  it('event props are `on` + each template name, typed by the colon name’s event', () => {
    expectTypeOf<
      Parameters<NonNullable<HostedJourneyEventProps['onhosted-journey-institution-selected']>>[0]
    >().toEqualTypeOf<JourneyDomEventMap['hosted-journey:institution_selected']>();
  });
});
