// Type tests of the public API. The assertions are compile-time (bodies are never run): `npm test` runs `tsc --noEmit` over the repository
// as one of its checks (scripts/test-checks.mjs), so a wrong type fails CI; vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest';
import {
  buildJourneyUrl,
  createJourney,
  isJourneyConfigError,
  type JourneyConfigError,
  type JourneyErrorCode,
  type JourneyErrorInfo,
  type JourneyHandle,
  type JourneyWidgetErrorCode,
} from '../../src/widget/index.js';
import * as widget from '../../src/widget/index.js';
import { connectToParent, type JourneyBridge } from '../../src/child/index.js';
import type { HostedJourneyProps as ReactProps } from '../../src/bindings/react.js';
import type { HostedJourneyProps as PreactProps } from '../../src/bindings/preact.js';
import { createClient, createWebhookHandler } from '../../src/server/index.js';
import { MemoryDedupeStore } from '../../src/server/stores/index.js';

describe('public types', () => {
  it('widget callbacks and on() get the payload of their event', () => {
    // Compile-time only: never called (it would touch the network or a browser).
    const types = () => {
      const make = () =>
        createJourney({
          vendor: 'acme',
          customerId: 'c1',
          journeyOrigin: 'https://journey.example.com',
          onComplete: (p) => expectTypeOf(p.applicationId).toEqualTypeOf<string>(),
          onInstitutionSelected: (p) => expectTypeOf(p.pathway).toEqualTypeOf<'cdr' | 'crawler'>(),
          onError: (e) => {
            expectTypeOf(e.recoverable).toEqualTypeOf<boolean>();
            expectTypeOf(e.sinceOpenMs).toEqualTypeOf<number>();
          },
          // Every payload is stamped; only a step says which step the customer left.
          onReady: (p) => {
            expectTypeOf(p.at).toEqualTypeOf<number>();
            // @ts-expect-error the first step has no previous one
            void p.previousStep;
          },
          onStep: (p) => {
            expectTypeOf(p.previousStep).toEqualTypeOf<string | undefined>();
            expectTypeOf(p.previousStepMs).toEqualTypeOf<number | undefined>();
          },
          onEvent: (e) => {
            expectTypeOf(e.payload.at).toEqualTypeOf<number>();
            if (e.type === 'step') expectTypeOf(e.payload.previousStepMs).toEqualTypeOf<number | undefined>();
          },
          onInvalidMessage: (i) => expectTypeOf(i.sinceOpenMs).toEqualTypeOf<number>(),
          // As the journey posted it: no stamps.
          onJourneyMessage: (m) => expectTypeOf(m).toEqualTypeOf<unknown>(),
          onBankAuthorisation: (e) => {
            expectTypeOf(e.at).toEqualTypeOf<number>();
            // The journey names a consent, never a URL; only the widget's own `redirecting` phase has one (the URL it built).
            if (e.phase === 'requested' || e.phase === 'opened') expectTypeOf(e.consentId).toEqualTypeOf<string>();
            // @ts-expect-error no URL travels with a bank request
            if (e.phase === 'requested') void e.url;
            if (e.phase === 'redirecting') expectTypeOf(e.url).toEqualTypeOf<string>();
          },
        });
      expectTypeOf(make).returns.toEqualTypeOf<JourneyHandle>();
      const h = {} as JourneyHandle;
      h.on('step', (p) => {
        expectTypeOf(p.step).toEqualTypeOf<string>();
        expectTypeOf(p.previousStep).toEqualTypeOf<string | undefined>();
      });
      h.on('completed', (p) => expectTypeOf(p.sinceOpenMs).toEqualTypeOf<number>());
      // @ts-expect-error not an event type
      h.on('stepped', () => undefined);
      // @ts-expect-error not a bank-authorisation status
      h.send('bank_authorisation_result', { status: 'maybe' });
      h.send('bank_authorisation_result', { status: 'authorised' });
    };
    expectTypeOf(types).toBeFunction();
  });

  it('eventTarget is an option of createJourney, but not a prop of the bindings (they own it, like container)', () => {
    // Compile-time only: never called.
    const types = () => {
      createJourney({
        vendor: 'a',
        customerId: 'b',
        journeyOrigin: 'https://j.example',
        mode: 'modal',
        eventTarget: document.body,
      });
      const base = { vendor: 'a', customerId: 'b', journeyOrigin: 'https://j.example' };
      // @ts-expect-error owned by the component
      const r: ReactProps = { ...base, eventTarget: document.body };
      // @ts-expect-error owned by the component
      const p: PreactProps = { ...base, container: '#x' };
      void r;
      void p;
    };
    expectTypeOf(types).toBeFunction();
  });

  it('buildJourneyUrl needs vendor, customerId and journeyOrigin, and only known enum values', () => {
    // Compile-time only: never called (it would touch the network or a browser).
    const types = () => {
      // @ts-expect-error journeyOrigin missing
      expectTypeOf(buildJourneyUrl).toBeCallableWith({ vendor: 'a', customerId: 'b' });
      expectTypeOf(buildJourneyUrl).toBeCallableWith({
        vendor: 'a',
        customerId: 'b',
        journeyOrigin: 'https://j.example',
        startAt: 'banks',
        collect: ['analysis'],
      });
      expectTypeOf(buildJourneyUrl).toBeCallableWith({
        vendor: 'a',
        customerId: 'b',
        journeyOrigin: 'https://j.example',
        // @ts-expect-error unknown deep link
        startAt: 'nowhere',
      });
    };
    expectTypeOf(types).toBeFunction();
  });

  it('the journey bridge emits typed events only', () => {
    // Compile-time only: never called (it would touch the network or a browser).
    const types = () => {
      const bridge = connectToParent();
      bridge.emit('completed', { applicationId: 'app_1' });
      // @ts-expect-error wrong payload
      bridge.emit('completed', { application: 'app_1' });
      bridge.on('bank_authorisation_result', (p) =>
        expectTypeOf(p.status).toEqualTypeOf<'authorised' | 'denied' | 'closed' | 'blocked'>(),
      );
    };
    expectTypeOf(types).toBeFunction();
  });

  it('the client returns bytes or a stream as asked; webhook handlers get their event type', () => {
    // Compile-time only: never called (it would touch the network or a browser).
    const types = () => {
      const client = createClient({ baseUrl: 'https://api.example.com', tokenId: 't', signingSecret: 's' });
      expectTypeOf(client.downloadBundle({ id: 'app_1', format: 'pdf' })).resolves.toEqualTypeOf<Uint8Array>();
      expectTypeOf(client.downloadBundle({ id: 'app_1', format: 'csv', as: 'stream' })).resolves.toEqualTypeOf<
        ReadableStream<Uint8Array>
      >();
      // @ts-expect-error not a bundle format
      void client.downloadBundle({ id: 'app_1', format: 'xlsx' });
      createWebhookHandler({
        verify: { keys: [{ tokenId: 'wh', secret: 's' }] },
        store: new MemoryDedupeStore(),
        on: {
          'consent.authorised': (e) => expectTypeOf(e.data.pathway).toEqualTypeOf<'cdr' | 'crawler'>(),
          'crawl.completed': (e) => expectTypeOf(e.data.transactions).toEqualTypeOf<number>(),
        },
      });
    };
    expectTypeOf(types).toBeFunction();
  });

  // Issue 10, part 3.
  it('onError code: the known codes autocomplete, any journey code still type-checks', () => {
    expectTypeOf<JourneyErrorInfo['code']>().toEqualTypeOf<JourneyErrorCode>();
    expectTypeOf<JourneyWidgetErrorCode>().toExtend<JourneyErrorCode>();
    expectTypeOf<'READY_TIMEOUT'>().toExtend<JourneyErrorInfo['code']>();
    expectTypeOf<'CONSENT_DENIED'>().toExtend<JourneyErrorInfo['code']>();
    // Not widened to plain `string` (which would lose the completions): the union keeps its literal members.
    expectTypeOf<Extract<JourneyErrorCode, 'MODAL_LOAD_FAILED'>>().toEqualTypeOf<'MODAL_LOAD_FAILED'>();
    // @ts-expect-error a code is a string
    const bad: JourneyErrorInfo = { code: 42, message: '', recoverable: true };
    void bad;
  });

  it("the handshake's messages are internal: send('welcome') and emit('hello') do not type-check", () => {
    const types = () => {
      const h = {} as JourneyHandle;
      // @ts-expect-error welcome is the widget's own handshake answer
      h.send('welcome', {});
      h.send('close', {});
      h.send('visibility', { state: 'visible' });
      const b = {} as JourneyBridge;
      // @ts-expect-error hello is the bridge's own handshake opener
      b.emit('hello', {});
      b.emit('ready', { step: 'terms' });
    };
    expectTypeOf(types).toBeFunction();
    expectTypeOf<Parameters<JourneyHandle['send']>[0]>().toEqualTypeOf<
      'visibility' | 'bank_authorisation_result' | 'close'
    >();
  });

  it('the widget entry does not export internals (RESUME_KEY_PREFIX, IFRAME_*)', () => {
    // @ts-expect-error internal: the sessionStorage key prefix
    void widget.RESUME_KEY_PREFIX;
    // @ts-expect-error internal: the iframe's sandbox tokens
    void widget.IFRAME_SANDBOX;
    // @ts-expect-error internal
    void widget.IFRAME_ALLOW;
    // @ts-expect-error internal
    void widget.IFRAME_REFERRER_POLICY;
  });

  it('one error class and one guard; the guard narrows to it', () => {
    expectTypeOf<JourneyConfigError>().toExtend<Error>();
    expectTypeOf<JourneyConfigError['code']>().toExtend<string>();
    const value: unknown = null;
    if (isJourneyConfigError(value)) expectTypeOf(value).toEqualTypeOf<JourneyConfigError>();
    if (isJourneyConfigError(value)) expectTypeOf(value.field).toEqualTypeOf<string>();
    if (isJourneyConfigError(value)) expectTypeOf(value.code).toEqualTypeOf<JourneyConfigError['code']>();
    // @ts-expect-error one guard, no class argument (server errors have their own guard)
    isJourneyConfigError(value, 'SignatureVerificationError');
  });
});
