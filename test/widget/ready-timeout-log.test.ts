// @vitest-environment happy-dom
// READY_TIMEOUT is loud without onError: one console.error line naming the journey origin the widget waited for (a
// wrong journeyOrigin otherwise leaves a blank frame and a silent console). With onError, the widget stays quiet.
// The error is raised once its words' lazy part has loaded, after the state turns to `error`: the test waits for it.
import { describe, expect, it, vi } from 'vitest';
import { journeysAfterEach, useFakeFrames } from '../support/fake-frames.js';
import { waitFor } from '@testing-library/preact';
import { createJourney, type JourneyHandle } from '../../src/widget/index.js';

const ORIGIN = 'https://journey.wrong-origin.example';
// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames(async () => {});

const handles = journeysAfterEach({ restoreMocks: true });

function mount(onError?: () => void): JourneyHandle {
  const el = document.createElement('div');
  document.body.append(el);
  const h = createJourney({
    vendor: 'acme',
    customerId: 'cust_1',
    journeyOrigin: ORIGIN,
    container: el,
    readyTimeoutMs: 30,
    ...(onError ? { onError } : {}),
  });
  handles.push(h);
  h.open();
  return h;
}

describe('READY_TIMEOUT logging', () => {
  it('without onError: one console.error line naming the journey origin', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = mount();
    await waitFor(() => expect(h.state).toBe('error'));
    // The line's words are a lazy part's: it is logged once that part has loaded, which may come after the state.
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50)); // a second line would come as soon
    expect(spy).toHaveBeenCalledTimes(1);
    const line = spy.mock.calls[0]!.map(String).join(' ');
    expect(line).toBe(`hosted-journey: The journey at ${ORIGIN} did not signal ready within 30 ms.`);
  });

  it('with onError: onError gets it and nothing is logged', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    const h = mount(onError);
    await waitFor(() => expect(h.state).toBe('error'));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'READY_TIMEOUT' })));
    expect(spy).not.toHaveBeenCalled();
  });
});
