// @vitest-environment happy-dom
/**
 * The journey session: each open() of a new or closed journey begins one (a session id and a W3C trace context, the
 * integrator's `traceparent` or a new trace); every delivered payload names it, the handshake hands its traceparent to
 * the journey (a plain journey's URL carries it), the bank redirect saves it. A `traceparent` the widget cannot use is
 * a typed warning and a new trace, never a throw.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeWin, useFakeFrames } from '../support/fake-frames.js';
import { encodeMessage, isJourneyConfigError, parseTraceparent } from '../../src/protocol/index.js';
import { createJourney } from '../../src/widget/index.js';
import type { JourneyHandle, JourneyOptions } from '../../src/widget/index.js';
import { RESUME_KEY_PREFIX } from '../../src/widget/save.js';

const ORIGIN = 'https://journey.example.com';
const GIVEN = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const HEX32 = /^[\da-f]{32}$/;
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames(async () => {
  await import('../../src/widget/prewarm.js');
});

let h: JourneyHandle | undefined;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  h?.destroy();
  h = undefined;
  warn.mockRestore();
  sessionStorage.clear();
  document.body.replaceChildren();
});

const win = () => h!.iframe!.contentWindow as unknown as FakeWin;
function say(type: string, payload: unknown): void {
  const data = encodeMessage(h!.channel, type, payload);
  window.dispatchEvent(new MessageEvent('message', { data, origin: ORIGIN, source: win() as never }));
}
/** The payloads of the `welcome`s the widget posted to the current frame. */
const welcomes = () =>
  win()
    .postMessage.mock.calls.map((c) => c[0] as { type: string; payload: { traceparent?: string } })
    .filter((m) => m.type === 'welcome')
    .map((m) => m.payload);

function journey(options: Partial<JourneyOptions> = {}) {
  const onStep = vi.fn();
  const onComplete = vi.fn();
  const container = document.body.appendChild(document.createElement('div'));
  h = createJourney({
    vendor: 'acme',
    customerId: 'cust_1',
    journeyOrigin: ORIGIN,
    container,
    onStep,
    onComplete,
    ...options,
  });
  return { onStep, onComplete };
}

describe('journey session', () => {
  it('every payload of one open() names one session and trace, which the welcome hands to the journey; a reopen begins another', () => {
    const { onStep, onComplete } = journey();
    h!.open();
    say('hello', {});
    say('step', { step: 'banks' });
    say('completed', { applicationId: 'app_1' });
    const step = onStep.mock.calls[0]![0];
    const done = onComplete.mock.calls[0]![0];
    expect(step.sessionId).toMatch(HEX32);
    expect(parseTraceparent(step.traceparent)).toMatchObject({ ok: true, context: { traceId: step.traceId } });
    expect(done).toMatchObject({ sessionId: step.sessionId, traceId: step.traceId, traceparent: step.traceparent });
    expect(welcomes()).toEqual([expect.objectContaining({ traceparent: step.traceparent, sessionId: step.sessionId })]);

    h!.close();
    h!.open();
    say('hello', {});
    say('step', { step: 'terms' });
    const again = onStep.mock.calls[1]![0];
    expect(again.sessionId).not.toBe(step.sessionId);
    expect(again.traceId).not.toBe(step.traceId);
    expect(welcomes()).toEqual([expect.objectContaining({ traceparent: again.traceparent })]);
  });

  it("the integrator's traceparent: the session is in its trace, and the journey gets it as given", () => {
    const { onStep } = journey({ traceparent: GIVEN });
    h!.open();
    say('hello', {});
    say('step', { step: 'banks' });
    expect(onStep.mock.calls[0]![0]).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', traceparent: GIVEN });
    expect(welcomes()[0]!.traceparent).toBe(GIVEN);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a function is asked at each open(), never at createJourney; one that answers nothing is a new trace, silently', () => {
    const answers = [GIVEN, undefined];
    const traceparent = vi.fn(() => answers.shift());
    const { onStep } = journey({ traceparent });
    expect(traceparent).not.toHaveBeenCalled();
    h!.open();
    say('step', { step: 'banks' });
    expect(traceparent).toHaveBeenCalledTimes(1);
    expect(onStep.mock.calls[0]![0].traceparent).toBe(GIVEN);
    h!.close();
    h!.open();
    say('step', { step: 'banks' });
    expect(traceparent).toHaveBeenCalledTimes(2);
    expect(onStep.mock.calls[1]![0].traceId).toMatch(HEX32);
    expect(onStep.mock.calls[1]![0].traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(warn).not.toHaveBeenCalled();
  });

  const BAD: Array<[string, unknown]> = [
    ['malformed', 'not-a-traceparent'],
    ['uppercase', GIVEN.toUpperCase()],
    ['version ff', GIVEN.replace(/^00/, 'ff')],
    ['all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['all-zero parent id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`],
    ['oversize', `${GIVEN}-${'a'.repeat(300)}`],
    ['a number', 42],
    [
      'a function that throws',
      () => {
        throw new Error('tracer gone');
      },
    ],
    ['a function that answers garbage', () => 'garbage'],
  ];
  for (const [what, value] of BAD) {
    it(`${what}: a typed warning (INVALID_TRACEPARENT) and a new trace, never a throw`, () => {
      const { onStep } = journey({ traceparent: value as string });
      expect(() => h!.open()).not.toThrow();
      say('hello', {});
      say('step', { step: 'banks' });
      const { traceId, traceparent } = onStep.mock.calls[0]![0];
      expect(parseTraceparent(traceparent)).toMatchObject({ ok: true, context: { traceId } });
      expect(traceparent).not.toContain('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(welcomes()[0]!.traceparent).toBe(traceparent);
      expect(warn).toHaveBeenCalledTimes(1);
      const [prefix, error] = warn.mock.calls[0]!;
      expect(prefix).toBe('hosted-journey:');
      expect(isJourneyConfigError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_TRACEPARENT', field: 'traceparent' });
    });
  }

  it("a journey that runs no bridge gets the session's traceparent in its URL", () => {
    const { onStep } = journey({ traceparent: GIVEN, journeyProtocol: 'plain' });
    h!.open();
    const src = new URL(h!.iframe!.src);
    expect(src.searchParams.get('traceparent')).toBe(GIVEN);
    expect(new URL(h!.url).searchParams.has('traceparent')).toBe(false);
    h!.iframe!.dispatchEvent(new Event('load'));
    expect(onStep).not.toHaveBeenCalled();
  });

  it("a prewarmed journey's session begins with its hidden mount and open() keeps it", async () => {
    const onReady = vi.fn();
    journey({ prewarm: true, onReady });
    await vi.waitFor(() => expect(h!.iframe).not.toBeNull());
    say('hello', {});
    say('ready', { step: 'terms' });
    const [hidden] = welcomes();
    expect(hidden).toMatchObject({ visibility: 'hidden', traceparent: expect.stringMatching(/^00-/) });
    h!.open();
    expect(onReady).toHaveBeenCalledWith(expect.objectContaining({ traceparent: hidden!.traceparent }));
  });

  it("the bank redirect saves the session's traceparent, so the resumed session is in the same trace", () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { onStep } = journey({ bankAuthorisation: 'redirect' });
    h!.open();
    say('hello', {});
    say('step', { step: 'bank' });
    say('bank_authorisation', { consentId: 'cns_0123abcd' });
    expect(assign).toHaveBeenCalledTimes(1);
    const saved = JSON.parse(sessionStorage.getItem(RESUME_KEY_PREFIX + h!.channel)!);
    expect(saved.options.traceparent).toBe(onStep.mock.calls[0]![0].traceparent);
    assign.mockRestore();
  });
});
