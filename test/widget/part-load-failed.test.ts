// @vitest-environment happy-dom
/**
 * A lazy part that cannot be loaded (network, CSP, the script tag's sibling file not served) is said, never swallowed:
 * the plain protocol's reader → `onError` PART_LOAD_FAILED (console.error without onError), and the next message tries
 * again; prewarm → a console warning, the journey still opens, cold. (The modal's MODAL_LOAD_FAILED is tested in
 * e2e/widget/modal-file-missing.spec.ts.)
 */
import { describe, expect, it, vi } from 'vitest';
import { type FakeWin, journeysAfterEach, useFakeFrames } from '../support/fake-frames.js';
import { createJourney } from '../../src/widget/index.js';
import type { JourneyHandle, JourneyOptions } from '../../src/widget/index.js';

let plainLoads = 0;
vi.mock('../../src/widget/plain.js', () => {
  plainLoads++;
  throw new Error('chunk offline');
});
vi.mock('../../src/widget/prewarm.js', () => {
  throw new Error('chunk offline');
});

const ORIGIN = 'https://journey.example.com';
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames();

const handles = journeysAfterEach({ restoreMocks: true });
function make(options: Partial<JourneyOptions>): JourneyHandle {
  const container = document.body.appendChild(document.createElement('div'));
  const h = createJourney({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: ORIGIN, container, ...options });
  handles.push(h);
  return h;
}
function post(h: JourneyHandle, data: unknown): void {
  const source = h.iframe!.contentWindow as unknown as FakeWin as unknown as Window;
  window.dispatchEvent(new MessageEvent('message', { data, origin: ORIGIN, source }));
}

describe('a lazy part that cannot be loaded', () => {
  it('plain: onError PART_LOAD_FAILED once for the messages waiting on that load; the next message tries again', async () => {
    const onError = vi.fn();
    const onJourneyMessage = vi.fn();
    const h = make({ journeyProtocol: 'plain', onError, onJourneyMessage });
    h.open();
    post(h, { step: 'one' });
    post(h, { step: 'two' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0]).toMatchObject({
      code: 'PART_LOAD_FAILED',
      recoverable: true,
      message: expect.stringMatching(/^The journey's messages could not be read: ./),
    });
    // Both messages wait on the one load: had each its own error, the second would have come in the same microtask
    // drain as the first, before waitFor (a timer) saw it.
    expect(onError).toHaveBeenCalledTimes(1); // one load, one error, not one per message
    const loadsBefore = plainLoads;
    post(h, { step: 'three' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(plainLoads).toBeGreaterThan(loadsBefore); // tried again
    expect(onJourneyMessage).not.toHaveBeenCalled();
  });

  it('plain without onError: one console.error naming the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = make({ journeyProtocol: 'plain' });
    h.open();
    post(h, 'RELEASED');
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0]!.join(' ')).toMatch(/hosted-journey: The journey's messages could not be read/);
  });

  it('prewarm: a warning, and open() still mounts the journey', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = make({ prewarm: true });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]!.join(' ')).toMatch(/^hosted-journey: ./);
    expect(h.iframe).toBeNull(); // nothing was prewarmed
    h.open();
    expect(h.state).toBe('loading');
    expect(h.iframe!.isConnected).toBe(true);
  });
});
