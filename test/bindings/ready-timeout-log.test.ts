// The React and Preact components always hand createJourney an onError proxy (callbackProxies), so the widget's own
// "READY_TIMEOUT without onError" line must come from the proxy: one console.error naming the journey origin when
// the component has no onError prop, nothing when it has one. Unit of src/bindings/shared.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callbackProxies, type JourneyCallbacks } from '../../src/bindings/shared.js';

/** The binding's latest props (options and callbacks), as the components hand them to the proxies. */
const latest = (props: object) => () => props as Partial<JourneyCallbacks>;

const timeout = {
  code: 'READY_TIMEOUT' as const,
  message: 'The journey did not signal ready within 40 ms.',
  recoverable: true,
  at: 1_700_000_000_000,
  sinceOpenMs: 40,
};
afterEach(() => vi.restoreAllMocks());

describe('binding callback proxies and READY_TIMEOUT', () => {
  it('no onError prop: one console.error line naming the journey origin', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const props = { journeyOrigin: 'https://journey.wrong.example' };
    callbackProxies(latest(props)).onError!(timeout);
    expect(spy.mock.calls.map((c) => c.join(' '))).toEqual([
      'hosted-journey: no ready from https://journey.wrong.example',
    ]);
  });

  it('an onError prop gets it and nothing is logged; other errors are never logged by the proxy', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    callbackProxies(latest({ journeyOrigin: 'https://j.example', onError })).onError!(timeout);
    callbackProxies(latest({ journeyOrigin: 'https://j.example' })).onError!({ ...timeout, code: 'MODAL_LOAD_FAILED' });
    expect(onError).toHaveBeenCalledWith(timeout);
    expect(spy).not.toHaveBeenCalled();
  });

  it('NO_JOURNEY without an onError prop: its message (the likely cause) as one console.error line', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'The page at https://j.example loaded, but no journey answered within 3 s. Likely cause: …';
    callbackProxies(latest({ journeyOrigin: 'https://j.example' })).onError!({
      code: 'NO_JOURNEY',
      message,
      recoverable: true,
      at: 1_700_000_000_000,
      sinceOpenMs: 3000,
    });
    expect(spy.mock.calls.map((c) => c.join(' '))).toEqual([`hosted-journey: ${message}`]);
  });
});
