// @vitest-environment happy-dom
/**
 * Every delivered event says when it reached the page (`at`) and how long after `open()` (`sinceOpenMs`); `step`
 * events say which step the customer left and how long they were on it. Every path is covered: callbacks, `on()`,
 * `onEvent`, DOM events, the widget's own errors, bank phases, refused messages, events held while prewarmed, and
 * plain mode (whose `onJourneyMessage` stays as the journey posted it). The clock is vitest's (fake timers), so the
 * stamps are asserted exactly.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeWin, useFakeFrames } from '../support/fake-frames.js';
import { T0, SESSION } from '../support/clock.js';
import { encodeMessage } from '../../src/protocol/index.js';
import { createJourney } from '../../src/widget/index.js';
import type { JourneyHandle } from '../../src/widget/index.js';

const ORIGIN = 'https://journey.example.com';
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames(async () => {
  await import('../../src/widget/prewarm.js');
  await import('../../src/widget/plain.js');
});

let h: JourneyHandle | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  h?.destroy();
  vi.useRealTimers();
  document.body.replaceChildren();
});

function post(data: unknown): void {
  const source = h!.iframe!.contentWindow as unknown as FakeWin;
  window.dispatchEvent(new MessageEvent('message', { data, origin: ORIGIN, source: source as never }));
}
const say = (type: string, payload: unknown): void => post(encodeMessage(h!.channel, type, payload));
const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: ORIGIN } as const;
const container = () => document.body.appendChild(document.createElement('div'));
/** A `step` event: the step entered, its stamps, and the step it left with the time spent there. */
const moved = (step: string, stamps: { at: number; sinceOpenMs: number }, left: [string, number]) => ({
  step,
  ...stamps,
  previousStep: left[0],
  previousStepMs: left[1],
  ...SESSION,
});

describe('timed events', () => {
  it('stamps callbacks, on(), onEvent and DOM details with at and sinceOpenMs; steps with previousStep(Ms)', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const onReady = vi.fn();
    const onStep = vi.fn();
    const onEvent = vi.fn();
    const onComplete = vi.fn();
    const dom: unknown[] = [];
    host.addEventListener('hosted-journey:step', (e) => dom.push(e.detail));
    h = createJourney({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin: ORIGIN,
      container: host,
      onReady,
      onStep,
      onEvent,
      onComplete,
    });
    const listened = vi.fn();
    h.on('step', listened);
    vi.advanceTimersByTime(5000); // before open(): not counted
    h.open();
    say('hello', {});
    vi.advanceTimersByTime(800);
    say('ready', { step: 'details' });
    expect(onReady).toHaveBeenCalledWith({ step: 'details', at: T0 + 5800, sinceOpenMs: 800, ...SESSION });
    vi.advanceTimersByTime(12_000);
    say('step', { step: 'banks' });
    const first = moved('banks', { at: T0 + 17_800, sinceOpenMs: 12_800 }, ['details', 12_000]);
    expect(onStep).toHaveBeenLastCalledWith(first);
    expect(listened).toHaveBeenLastCalledWith(first);
    expect(onEvent).toHaveBeenLastCalledWith({ type: 'step', payload: first });
    expect(dom).toEqual([first]);
    vi.advanceTimersByTime(3_500);
    say('step', { step: 'consent' });
    expect(onStep).toHaveBeenLastCalledWith(
      moved('consent', { at: T0 + 21_300, sinceOpenMs: 16_300 }, ['banks', 3_500]),
    );
    say('completed', { applicationId: 'app_1' });
    expect(onComplete).toHaveBeenCalledWith({
      applicationId: 'app_1',
      at: T0 + 21_300,
      sinceOpenMs: 16_300,
      ...SESSION,
    });
  });

  it('a wall clock stepped back an hour after open() moves at, never sinceOpenMs or previousStepMs: both stay ≥ 0', () => {
    const onStep = vi.fn();
    h = createJourney({ ...base, container: container(), onStep });
    h.open();
    say('hello', {});
    vi.advanceTimersByTime(2_000);
    say('ready', { step: 'details' });
    vi.setSystemTime(T0 + 2_000 - 3_600_000); // the customer's clock steps back; the monotonic clock does not
    vi.advanceTimersByTime(1_500);
    say('step', { step: 'banks' });
    expect(onStep).toHaveBeenLastCalledWith(
      moved('banks', { at: T0 + 3_500 - 3_600_000, sinceOpenMs: 3_500 }, ['details', 1_500]),
    );
  });

  it('a step repeating the current one (ready then step for the first screen) is no move: the count goes on', () => {
    const onStep = vi.fn();
    h = createJourney({ ...base, container: container(), onStep });
    h.open();
    say('ready', { step: 'terms' });
    vi.advanceTimersByTime(5);
    say('step', { step: 'terms' });
    expect(onStep).toHaveBeenLastCalledWith({ step: 'terms', at: T0 + 5, sinceOpenMs: 5, ...SESSION });
    vi.advanceTimersByTime(995);
    say('step', { step: 'details' });
    expect(onStep).toHaveBeenLastCalledWith(moved('details', { at: T0 + 1_000, sinceOpenMs: 1_000 }, ['terms', 1_000]));
  });

  it('a reopened journey counts from its new open(); its first step has no previous step', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const onStep = vi.fn();
    const onError = vi.fn();
    h = createJourney({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin: ORIGIN,
      container: host,
      onStep,
      onError,
    });
    h.open();
    say('ready', { step: 'details' });
    say('step', { step: 'banks' });
    h.close();
    vi.advanceTimersByTime(60_000);
    h.open();
    vi.advanceTimersByTime(200);
    say('step', { step: 'banks' });
    expect(onStep).toHaveBeenLastCalledWith({ step: 'banks', at: T0 + 60_200, sinceOpenMs: 200, ...SESSION });
    vi.advanceTimersByTime(14_800); // the watchdog (15 s from open()): a widget-raised error is stamped too
    await vi.dynamicImportSettled(); // its message is a lazy part's
    expect(onError).toHaveBeenCalledWith({
      code: 'READY_TIMEOUT',
      message: `The journey at ${ORIGIN} did not signal ready within 15000 ms.`,
      recoverable: true,
      at: T0 + 75_000,
      sinceOpenMs: 15_000,
      ...SESSION,
    });
  });

  it('prewarmed: events sent while hidden are delivered at open() with sinceOpenMs 0; counting starts there', async () => {
    const onReady = vi.fn();
    const onStep = vi.fn();
    const onInvalidMessage = vi.fn();
    h = createJourney({ ...base, container: container(), prewarm: true, onReady, onStep, onInvalidMessage });
    await vi.dynamicImportSettled(); // the prewarm chunk; the clock stands still meanwhile
    say('hello', {});
    say('ready', { step: 'details' });
    vi.advanceTimersByTime(2_000);
    say('step', { step: 'banks' });
    say('step', { step: '' }); // refused, not held: reported at once, before any open()
    expect(onInvalidMessage).toHaveBeenCalledWith(
      expect.objectContaining({ at: T0 + 2_000, sinceOpenMs: 0, ...SESSION }),
    );
    expect(onReady).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    h.open();
    expect(onReady).toHaveBeenCalledWith({ step: 'details', at: T0 + 32_000, sinceOpenMs: 0, ...SESSION });
    expect(onStep).toHaveBeenCalledWith(moved('banks', { at: T0 + 32_000, sinceOpenMs: 0 }, ['details', 0]));
    vi.advanceTimersByTime(4_000);
    say('step', { step: 'consent' });
    expect(onStep).toHaveBeenLastCalledWith(
      moved('consent', { at: T0 + 36_000, sinceOpenMs: 4_000 }, ['banks', 4_000]),
    );
  });

  it('bank phases, refusals and refused messages are stamped, in the callback and the DOM event alike', () => {
    const host = container();
    const onBankAuthorisation = vi.fn();
    const onError = vi.fn();
    const onInvalidMessage = vi.fn();
    const dom: Array<[string, unknown]> = [];
    for (const type of ['error', 'invalid_message', 'bank_authorisation'])
      host.addEventListener(`hosted-journey:${type}`, (e) => dom.push([type, (e as CustomEvent).detail]));
    h = createJourney({ ...base, container: host, onBankAuthorisation, onError, onInvalidMessage });
    h.open();
    say('hello', {});
    vi.advanceTimersByTime(1_000);
    say('bank_authorisation', { consentId: 'cns_0123abcd', popup: 'opened' });
    const time = { at: T0 + 1_000, sinceOpenMs: 1_000, ...SESSION };
    const requested = { consentId: 'cns_0123abcd', popup: 'opened', ...time };
    expect(onBankAuthorisation.mock.calls).toEqual([
      [{ phase: 'requested', strategy: 'popup', ...requested }],
      [{ phase: 'opened', strategy: 'popup', consentId: 'cns_0123abcd', ...time }],
    ]);
    vi.advanceTimersByTime(500);
    say('bank_authorisation', { consentId: 'cns_0123abcd' }); // popup strategy, no popup: refused
    const refused = {
      code: 'BANK_REDIRECT_REFUSED',
      message: 'Bank redirect refused: popup strategy, popup not blocked.',
      recoverable: true,
      at: T0 + 1_500,
      sinceOpenMs: 1_500,
      ...SESSION,
    };
    expect(onError).toHaveBeenCalledWith(refused);
    say('completed', {});
    const invalid = onInvalidMessage.mock.calls[0]![0];
    expect(invalid).toMatchObject({ reason: expect.any(String), at: T0 + 1_500, sinceOpenMs: 1_500, ...SESSION });
    expect(dom).toEqual([
      ['bank_authorisation', requested],
      ['error', refused],
      ['invalid_message', invalid],
    ]);
  });

  it("plain mode: onJourneyMessage gets the message as posted; released and the load's ready are stamped", async () => {
    const host = container();
    const onReady = vi.fn();
    const onReleased = vi.fn();
    const onJourneyMessage = vi.fn();
    const dom: unknown[] = [];
    host.addEventListener('hosted-journey:journey_message', (e) => dom.push(e.detail));
    h = createJourney({ ...base, container: host, journeyProtocol: 'plain', onReady, onReleased, onJourneyMessage });
    h.open();
    vi.advanceTimersByTime(300);
    h.iframe!.dispatchEvent(new Event('load'));
    expect(onReady).toHaveBeenCalledWith({ step: 'loaded', at: T0 + 300, sinceOpenMs: 300, ...SESSION });
    vi.advanceTimersByTime(700);
    post({ event: 'RELEASED' });
    await vi.dynamicImportSettled(); // the plain chunk takes messages apart
    expect(onReleased).toHaveBeenCalledWith({ at: T0 + 1_000, sinceOpenMs: 1_000, ...SESSION });
    expect(onJourneyMessage.mock.calls).toEqual([[{ event: 'RELEASED' }]]);
    expect(dom).toEqual([{ event: 'RELEASED' }]);
  });
});
