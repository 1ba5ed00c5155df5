// The React and Preact components always hand createJourney an onError proxy (callbackProxies). Without an onError
// prop the proxy answers UNHEARD, so the widget's hub logs the error as it does for a journey created without onError
// (events.ts); with one, the prop gets the error. Unit of src/bindings/shared.ts.
import { describe, expect, it, vi } from 'vitest';
import { callbackProxies, type JourneyCallbacks } from '../../src/bindings/shared.js';
import { UNHEARD } from '../../src/widget/events.js';

/** The binding's latest props (options and callbacks), as the components hand them to the proxies. */
const latest = (props: object) => () => props as Partial<JourneyCallbacks>;

const timeout = {
  code: 'READY_TIMEOUT' as const,
  message: 'The journey at https://journey.wrong.example did not signal ready within 40 ms.',
  recoverable: true,
  at: 1_700_000_000_000,
  sinceOpenMs: 40,
  sessionId: '9f0c6f6b1b2a4d3e8c7d6e5f4a3b2c1d',
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
};

describe('binding callback proxies and onError', () => {
  it('no onError prop: the proxy answers UNHEARD, for the hub to log', () => {
    const props = { journeyOrigin: 'https://journey.wrong.example' };
    expect(callbackProxies(latest(props)).onError!(timeout)).toBe(UNHEARD);
    expect(callbackProxies(latest(props)).onError!({ ...timeout, code: 'MODAL_LOAD_FAILED' })).toBe(UNHEARD);
  });

  it('an onError prop gets the error, and the proxy answers what it answered', () => {
    const onError = vi.fn();
    expect(callbackProxies(latest({ onError })).onError!(timeout)).toBeUndefined();
    expect(onError).toHaveBeenCalledWith(timeout);
  });
});
