// @vitest-environment happy-dom
/**
 * Parity of the widget's five surfaces, driven by the table in src/widget/surface.ts: every option set through the ES
 * module, the script tag (auto-mount), `<hosted-journey>`, React and Preact resolves to the same options and URL; every
 * event reaches the same callback and the same DOM event (exactly once, from the surface's own element) on each
 * surface, inline and modal. A row added to the table without a sample here fails the test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { h, render as preactRender } from 'preact';
import { act as preactAct } from 'preact/test-utils';
import { encodeMessage } from '../../src/protocol/index.js';
import { resolveOptions } from '../../src/widget/options.js';
import { RESUME_KEY_PREFIX, saveJourney } from '../../src/widget/save.js';
import {
  attributeName,
  CALLBACKS,
  EVENTS,
  GROUPS,
  NOT_EL,
  NOT_SAVED,
  NOT_TAG,
  OPTIONS,
  OWNED,
  PHASES,
  rows,
} from '../../src/widget/surface.js';
import type { JourneyHandle, JourneyOptions } from '../../src/widget/index.js';
import { T0, timed, freezeClock } from '../support/clock.js';
import { acmeScriptTag, scriptTag } from '../support/script-tag.js';

/** Every createJourney call, from any surface (they all import src/widget/journey.js). */
const created: Array<{ options: JourneyOptions; handle: JourneyHandle }> = [];
vi.mock('../../src/widget/journey.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/widget/journey.js')>();
  const createJourney = (options: JourneyOptions): JourneyHandle => {
    const handle = real.createJourney(options);
    created.push({ options, handle });
    return handle;
  };
  return { ...real, createJourney };
});
const { createJourney } = await import('../../src/widget/index.js');
const { autoMount } = await import('../../src/widget/automount.js');
const { defineHostedJourneyElement } = await import('../../src/bindings/element.js');
const { HostedJourney: ReactJourney } = await import('../../src/bindings/react.js');
const { HostedJourney: PreactJourney } = await import('../../src/bindings/preact.js');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const ORIGIN = 'https://journey.example.com';
const BASE = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: ORIGIN };

// happy-dom does not load cross-origin frames: each iframe gets a stand-in window (the `source` of journey messages).
const frames = new WeakMap<HTMLIFrameElement, { postMessage: () => void }>();
const proto = window.HTMLIFrameElement.prototype;
const original = Object.getOwnPropertyDescriptor(proto, 'contentWindow');
beforeAll(async () => {
  await import('../../src/widget/modal.js'); // the modal's lazy import, warmed once
  defineHostedJourneyElement();
  Object.defineProperty(proto, 'contentWindow', {
    configurable: true,
    get(this: HTMLIFrameElement) {
      if (!this.isConnected) return null;
      if (!frames.has(this)) frames.set(this, { postMessage: () => {} });
      return frames.get(this);
    },
  });
});
afterAll(() => {
  if (original) Object.defineProperty(proto, 'contentWindow', original);
});
afterEach(() => {
  for (const { handle } of created.splice(0)) handle.destroy();
  document.body.replaceChildren();
});

/** One sample per table row: the option's value and the same value as an attribute string. */
const returnUrl = `${window.location.origin}/bank-return`;
const SAMPLES: Record<string, { value: unknown; attr?: string }> = {
  vendor: { value: 'acme2', attr: 'acme2' },
  customerId: { value: 'cust_9', attr: 'cust_9' },
  journeyOrigin: { value: 'https://other.example.com', attr: 'https://other.example.com' },
  mode: { value: 'modal', attr: 'modal' },
  container: { value: '#host', attr: '#host' },
  eventTarget: { value: null }, // an element: ES module only (covered by the event parity below)
  startAt: { value: 'banks', attr: 'banks' },
  institutionId: { value: 'cba', attr: 'cba' },
  collect: { value: ['analysis', 'account_owner'], attr: 'analysis, account_owner' },
  multipleInstitutions: { value: true, attr: '' },
  theme: { value: { primaryColour: '#0B5FFF' } },
  primaryColour: { value: '#0B5FFF', attr: '#0B5FFF' },
  secondaryColour: { value: '#FFB800', attr: '#FFB800' },
  backgroundColour: { value: '#FAFAFA', attr: '#FAFAFA' },
  font: { value: 'Open Sans', attr: 'Open Sans' },
  prefill: { value: { email: 'alex@example.com' } },
  fullName: { value: 'Alex Citizen', attr: 'Alex Citizen' },
  email: { value: 'alex@example.com', attr: 'alex@example.com' },
  phone: { value: '+61400000000', attr: '+61400000000' },
  prefillIn: { value: 'query', attr: 'query' },
  title: { value: 'Link your bank', attr: 'Link your bank' },
  minHeight: { value: 320, attr: '320' },
  maxHeight: { value: 900, attr: '900' },
  readyTimeoutMs: { value: 5000, attr: '5000' },
  bankAuthorisation: { value: 'redirect', attr: 'redirect' },
  returnUrl: { value: returnUrl, attr: returnUrl },
  prewarm: { value: 'idle', attr: 'idle' },
  prewarmTrigger: { value: '#host', attr: '#host' },
  journeyProtocol: { value: 'plain', attr: 'plain' },
  locale: { value: 'vi', attr: 'vi' },
  renewConsent: { value: 'cns_3f9c2a', attr: 'cns_3f9c2a' },
  traceparent: {
    value: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    attr: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  },
};

/** The `createJourney` options that set `name` to its sample (a key of `theme`/`prefill` goes into its object). */
function asOption(name: string, group?: string): Partial<JourneyOptions> {
  const { value } = SAMPLES[name]!;
  return (group ? { [group]: { [name]: value } } : { [name]: value }) as Partial<JourneyOptions>;
}

function hostDiv(): HTMLElement {
  const div = document.createElement('div');
  div.id = 'host';
  document.body.append(div);
  return div;
}

type Surface = 'esm' | 'script' | 'element' | 'react' | 'preact';
const SURFACES: Surface[] = ['esm', 'script', 'element', 'react', 'preact'];

/**
 * Mounts a journey through `surface` with `BASE` plus either `options` (ES module and bindings) or `attrs`
 * (script tag: `data-` + name; element: name). Returns the options createJourney got and the surface's own element
 * (where its DOM events must come from).
 */
async function mount(
  surface: Surface,
  options: Partial<JourneyOptions>,
  attrs: Record<string, string>,
  callbacks: Partial<JourneyOptions> = {},
  prefill?: JourneyOptions['prefill'],
): Promise<{ options: JourneyOptions; handle: JourneyHandle; host: () => EventTarget | null; unmount: () => void }> {
  const before = created.length;
  const modal = options.mode === 'modal' || attrs.mode === 'modal';
  let host: () => EventTarget | null;
  let unmount = () => {};
  if (surface === 'esm') {
    const div = modal ? null : hostDiv();
    createJourney({
      ...BASE,
      ...(div && !options.container ? { container: div } : {}),
      prefill,
      ...options,
      ...callbacks,
    } as JourneyOptions).open();
    host = () => div ?? document.querySelector('.hosted-journey-modal');
  } else if (surface === 'script') {
    const div = modal ? null : hostDiv();
    const prefillAttrs = Object.fromEntries(Object.entries(prefill ?? {}).map(([k, v]) => [attributeName(k), v!]));
    const script = scriptTag({
      vendor: BASE.vendor,
      'customer-id': BASE.customerId,
      'journey-origin': ORIGIN,
      ...(div ? { container: '#host' } : {}),
      ...prefillAttrs,
      ...attrs,
    });
    await autoMount(script);
    host = () => div ?? document.querySelector('.hosted-journey-modal');
  } else if (surface === 'element') {
    const el = document.createElement('hosted-journey');
    for (const [k, v] of Object.entries({
      vendor: BASE.vendor,
      'customer-id': BASE.customerId,
      'journey-origin': ORIGIN,
      ...attrs,
    }))
      el.setAttribute(k, v);
    if (prefill) (el as HTMLElement & { prefill?: unknown }).prefill = prefill; // a property, never an attribute
    document.body.append(el);
    await Promise.resolve();
    host = () => el;
    unmount = () => el.remove();
  } else if (surface === 'react') {
    const div = hostDiv();
    const root = createRoot(div);
    await act(async () =>
      root.render(createElement(ReactJourney, { ...BASE, prefill, ...options, ...callbacks } as never)),
    );
    host = () => div.querySelector('[data-hosted-journey]');
    unmount = () => act(() => root.unmount());
  } else {
    const div = hostDiv();
    preactAct(() => preactRender(h(PreactJourney, { ...BASE, prefill, ...options, ...callbacks } as never), div));
    host = () => div.querySelector('[data-hosted-journey]');
    unmount = () => preactAct(() => preactRender(null, div));
  }
  expect(created.length, `${surface} created one journey`).toBe(before + 1);
  const { options: got, handle } = created[created.length - 1]!;
  return { options: got, handle, host, unmount };
}

const CHANNEL = 'parity_channel_0001';
/**
 * What createJourney makes of `options` (minus the container, which each surface places itself), plus the options
 * it hands to the prewarm chunk unresolved (`prewarm`, `prewarmTrigger`: read there, so the inline bundle skips them).
 */
function resolved(options: JourneyOptions): unknown {
  // The container, callbacks and event target are each surface's own (its element, its proxies); saving has its test.
  const {
    container: _container,
    callbacks: _callbacks,
    eventTarget: _eventTarget,
    saved: _saved,
    ...rest
  } = resolveOptions(options, window.location.origin, CHANNEL);
  return { ...rest, prewarm: options.prewarm, prewarmTrigger: options.prewarmTrigger };
}

describe('the table', () => {
  it('has a sample here for every row, and names attributes by kebab-casing the option', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(
      rows()
        .map(([name]) => name)
        .sort(),
    );
    expect(attributeName('multipleInstitutions')).toBe('multiple-institutions');
    expect(attributeName('readyTimeoutMs')).toBe('ready-timeout-ms');
  });

  it('lists every callback exactly once; only container and eventTarget are owned by the bindings', () => {
    expect([...CALLBACKS].sort()).toEqual([
      'onBankAuthorisation',
      'onComplete',
      'onError',
      'onEvent',
      'onExit',
      'onInstitutionSelected',
      'onInvalidMessage',
      'onJourneyMessage',
      'onReady',
      'onReleased',
      'onStep',
    ]);
    expect(Object.keys(OPTIONS).filter((k) => OPTIONS[k as keyof typeof OPTIONS] & OWNED)).toEqual([
      'container',
      'eventTarget',
    ]);
  });

  it('saves exactly the rows without NOT_SAVED for the bank round trip (never prefill)', () => {
    for (const [name, row] of Object.entries(OPTIONS)) {
      const value = name === 'eventTarget' ? document.body : SAMPLES[name]!.value;
      saveJourney(CHANNEL, { ...BASE, [name]: value } as JourneyOptions);
      const saved = JSON.parse(sessionStorage.getItem(RESUME_KEY_PREFIX + CHANNEL)!).options;
      expect(name in saved, `${name} saved`).toBe(!(row & NOT_SAVED));
    }
  });
});

describe('every option, through every surface', () => {
  /** What the ES module makes of BASE + `options` (inline into a #host div unless modal). */
  const reference = (options: Partial<JourneyOptions>) => {
    const div = hostDiv();
    const r = resolved({
      ...BASE,
      ...(options.mode === 'modal' ? {} : { container: '#host' }),
      ...options,
    } as JourneyOptions);
    div.remove();
    return r;
  };

  for (const [name, row, group] of rows()) {
    // Objects go through their keys, eventTarget through the event parity below, container has its own test.
    if (name === 'theme' || name === 'prefill' || name === 'eventTarget' || name === 'container') continue;
    it(`${group ? group + '.' : ''}${name}`, async () => {
      // prefillIn shows only with a prefill to place (set the way each surface takes it: the element's is a property).
      const prefill = name === 'prefillIn' ? { email: 'alex@example.com' } : undefined;
      const option = asOption(name, group);
      const attrs = { [attributeName(name)]: SAMPLES[name]!.attr! };
      const want = reference({ prefill, ...option });
      const base = reference({ prefill });
      expect(want, 'the sample changes the outcome').not.toEqual(base);
      for (const surface of SURFACES) {
        const bindings = surface === 'react' || surface === 'preact';
        const m = await mount(
          surface,
          bindings || surface === 'esm' ? option : {},
          bindings || surface === 'esm' ? {} : attrs,
          {},
          prefill,
        );
        const shown = resolved(m.options);
        // Where the table leaves a row out (script tag: NOT_TAG; element: NOT_EL, e.g. prefill; bindings: OWNED), setting
        // it changes nothing.
        const ignored =
          (surface === 'script' && row & NOT_TAG) ||
          (surface === 'element' && row & NOT_EL) ||
          (bindings && row & OWNED);
        expect(shown, `${surface} ${ignored ? 'ignores' : 'sets'} ${name}`).toEqual(ignored ? base : want);
        m.unmount();
        for (const { handle } of created.splice(0)) handle.destroy();
        document.body.replaceChildren();
      }
    });
  }

  it("container: the script tag's data-container is the ES module's container; the element and the bindings are their own", async () => {
    expect(OPTIONS.container & NOT_TAG).toBe(0);
    expect(OPTIONS.container & (NOT_EL | OWNED)).toBe(NOT_EL | OWNED);
    const target = hostDiv();
    target.id = 'elsewhere';
    for (const surface of SURFACES) {
      const bindings = surface === 'react' || surface === 'preact';
      const m = await mount(surface, bindings || surface === 'esm' ? { container: '#elsewhere' } : {}, {
        container: '#elsewhere',
      });
      const own = m.host();
      expect(resolveOptions(m.options, window.location.origin, CHANNEL).container, surface).toBe(
        surface === 'esm' || surface === 'script' ? target : own,
      );
      m.unmount();
    }
  });

  it('a bad value is the same INVALID_MODE error on every surface (no surface quietly falls back to inline)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const codes: unknown[] = [];
    const el = document.createElement('hosted-journey');
    el.addEventListener('hosted-journey:config_error', (e) =>
      codes.push(((e as CustomEvent).detail as { code: string }).code),
    );
    for (const [k, v] of Object.entries({
      vendor: 'acme',
      'customer-id': 'cust_1',
      'journey-origin': ORIGIN,
      mode: 'popup',
    }))
      el.setAttribute(k, v);
    document.body.append(el);
    await Promise.resolve();
    const script = acmeScriptTag({ mode: 'popup' });
    script.addEventListener('hosted-journey:error', (e) => codes.push((e as CustomEvent).detail.code));
    await autoMount(script);
    try {
      createJourney({ ...BASE, mode: 'popup' as never });
    } catch (error) {
      codes.push((error as { code: string }).code);
    }
    expect(codes).toEqual(['INVALID_MODE', 'INVALID_MODE', 'INVALID_MODE']);
    errors.mockRestore();
  });
});

/** One journey message per event row; `exit` last (it closes a modal). */
const PAYLOADS: Record<keyof typeof EVENTS, Record<string, unknown>> = {
  ready: { step: 'terms' },
  step: { step: 'banks' },
  institution_selected: { institutionId: 'cba', name: 'Commonwealth Bank', pathway: 'cdr' },
  bank_authorisation: { consentId: 'cns_1', popup: 'opened' },
  bank_authorisation_completed: { status: 'authorised' },
  released: {},
  completed: { applicationId: 'app_1' },
  error: { code: 'BANK_DOWN', message: 'The bank is unavailable', recoverable: true },
  exit: { reason: 'user_left' },
};

describe('every event, out of every surface, inline and modal', () => {
  // Opened at T0; the i-th event arrives (i + 1) × 100 ms later, so every surface is checked for the same stamps.
  freezeClock();

  it('has a payload here for every event row', () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual(Object.keys(EVENTS).sort());
  });

  for (const mode of ['inline', 'modal'] as const) {
    for (const surface of SURFACES) {
      it(`${surface}, ${mode}`, async () => {
        const calls: Array<[string, unknown]> = [];
        const callbacks = Object.fromEntries(
          CALLBACKS.map((name) => [name, (arg: unknown) => calls.push([name, arg])]),
        );
        const hasCallbacks = surface === 'esm' || surface === 'react' || surface === 'preact';
        const heard: Array<[string, unknown, EventTarget | null]> = [];
        const types = [...Object.keys(EVENTS), 'invalid_message'];
        const listeners = types.map((t) => {
          const fn = (e: Event) => heard.push([t, (e as CustomEvent).detail, e.target]);
          document.addEventListener(`hosted-journey:${t}`, fn);
          return () => document.removeEventListener(`hosted-journey:${t}`, fn);
        });
        try {
          const m = await mount(
            surface,
            mode === 'modal' ? { mode } : {},
            mode === 'modal' ? { mode } : {},
            hasCallbacks ? callbacks : {},
          );
          await vi.waitFor(() => expect(m.handle.iframe).not.toBeNull());
          const send = (type: string, payload: unknown) =>
            window.dispatchEvent(
              new MessageEvent('message', {
                data: encodeMessage(m.handle.channel, type, payload),
                origin: ORIGIN,
                source: m.handle.iframe!.contentWindow as Window,
              }),
            );
          const host = m.host();
          expect(host).not.toBeNull();
          const wantCalls: Array<[string, unknown]> = [];
          const wantHeard: Array<[string, unknown, EventTarget | null]> = [];
          for (const [i, [type, sent]] of Object.entries(PAYLOADS).entries()) {
            const ms = (i + 1) * 100;
            vi.setSystemTime(T0 + ms);
            if (type === 'exit') {
              send('not_an_event', {});
              const refused = { reason: 'unknown_type', detail: expect.any(String), origin: ORIGIN };
              wantCalls.push(['onInvalidMessage', timed(refused, ms)]);
              wantHeard.push(['invalid_message', timed(refused, ms), host]);
            }
            send(type, sent);
            // `step` follows `ready` by 100 ms: it says so.
            const payload = timed(type === 'step' ? { ...sent, previousStep: 'terms', previousStepMs: 100 } : sent, ms);
            const phase = PHASES[type as keyof typeof PHASES];
            const strategy = 'popup'; // 'auto' in a desktop browser
            wantCalls.push([EVENTS[type as keyof typeof EVENTS], phase ? { phase, strategy, ...payload } : payload]);
            wantCalls.push(['onEvent', { type, payload }]);
            if (type === 'bank_authorisation')
              wantCalls.push(['onBankAuthorisation', timed({ phase: 'opened', strategy, consentId: 'cns_1' }, ms)]);
            wantHeard.push([type, payload, host]);
          }
          expect(heard).toEqual(wantHeard);
          expect(calls).toEqual(hasCallbacks ? wantCalls : []);
          m.unmount();
        } finally {
          for (const off of listeners) off();
        }
      });
    }
  }

  it('modal close by the customer: exit user_closed from the surface element, once', async () => {
    for (const surface of SURFACES) {
      const heard: Array<[unknown, EventTarget | null]> = [];
      const fn = (e: Event) => heard.push([(e as CustomEvent).detail, e.target]);
      document.addEventListener('hosted-journey:exit', fn);
      const m = await mount(surface, { mode: 'modal' }, { mode: 'modal' });
      await vi.waitFor(() => expect(m.handle.iframe).not.toBeNull());
      const host = m.host();
      (document.querySelector('.hosted-journey-close') as HTMLElement).click();
      expect(heard, surface).toEqual([[timed({ reason: 'user_closed' }), host]]);
      document.removeEventListener('hosted-journey:exit', fn);
      m.unmount();
      for (const { handle } of created.splice(0)) handle.destroy();
      document.body.replaceChildren();
    }
  });
});

// Keep GROUPS referenced: its keys are rows() too (a theme or prefill key without a sample fails the first test).
void GROUPS;
