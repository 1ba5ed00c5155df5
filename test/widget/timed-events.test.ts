// @vitest-environment happy-dom
/**
 * Every delivered event says when it reached the page (`at`) and how long after `open()` (`sinceOpenMs`); `step`
 * events say which step the customer left and how long they were on it. The clock is vitest's (fake timers).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeWin, useFakeFrames } from '../support/fake-frames.js';
import { encodeMessage } from '../../src/protocol/index.js';
import { createJourney } from '../../src/widget/index.js';
import type { JourneyHandle } from '../../src/widget/index.js';

const ORIGIN = 'https://journey.example.com';
const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames();

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

function say(type: string, payload: unknown): void {
  const source = h!.iframe!.contentWindow as unknown as FakeWin;
  window.dispatchEvent(
    new MessageEvent('message', {
      data: encodeMessage(h!.channel, type, payload),
      origin: ORIGIN,
      source: source as never,
    }),
  );
}

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
    expect(onReady).toHaveBeenCalledWith({ step: 'details', at: T0 + 5800, sinceOpenMs: 800 });
    vi.advanceTimersByTime(12_000);
    say('step', { step: 'banks' });
    const first = {
      step: 'banks',
      at: T0 + 17_800,
      sinceOpenMs: 12_800,
      previousStep: 'details',
      previousStepMs: 12_000,
    };
    expect(onStep).toHaveBeenLastCalledWith(first);
    expect(listened).toHaveBeenLastCalledWith(first);
    expect(onEvent).toHaveBeenLastCalledWith({ type: 'step', payload: first });
    expect(dom).toEqual([first]);
    vi.advanceTimersByTime(3_500);
    say('step', { step: 'consent' });
    expect(onStep).toHaveBeenLastCalledWith({
      step: 'consent',
      at: T0 + 21_300,
      sinceOpenMs: 16_300,
      previousStep: 'banks',
      previousStepMs: 3_500,
    });
    say('completed', { applicationId: 'app_1' });
    expect(onComplete).toHaveBeenCalledWith({ applicationId: 'app_1', at: T0 + 21_300, sinceOpenMs: 16_300 });
  });

  it('a reopened journey counts from its new open(); its first step has no previous step', () => {
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
    expect(onStep).toHaveBeenLastCalledWith({ step: 'banks', at: T0 + 60_200, sinceOpenMs: 200 });
    vi.advanceTimersByTime(15_000); // the watchdog: a widget-raised error is stamped too
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT', sinceOpenMs: 15_200 }));
  });
});
