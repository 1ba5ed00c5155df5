// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage, MAX_MESSAGE_CHARS } from '../../src/protocol/index.js';
import { Messenger } from '../../src/widget/messenger.js';

const ORIGIN = 'https://journey.example.com';
const CHANNEL = 'chan_aaaaaaaaaaaa';

function fakeWindow() {
  return { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
}

function setup(prefill?: { fullName: string }) {
  const frame = fakeWindow();
  const onEvent = vi.fn();
  const onInvalid = vi.fn();
  const m = new Messenger({
    origin: ORIGIN,
    channel: CHANNEL,
    getTarget: () => frame,
    onEvent,
    onInvalid,
    ...(prefill ? { prefill } : {}),
  });
  m.start();
  const deliver = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: init.origin ?? ORIGIN, source: (init.source ?? frame) as Window }),
    );
  return { m, frame, onEvent, onInvalid, deliver };
}

let current: Messenger | undefined;
afterEach(() => current?.stop());

describe('Messenger', () => {
  it('answers hello with welcome (carrying prefill) to the journey origin only, then delivers events', () => {
    const s = setup({ fullName: 'Alex' });
    current = s.m;
    s.deliver(encodeMessage(CHANNEL, 'hello', {}));
    expect(s.m.connected).toBe(true);
    expect(s.frame.postMessage).toHaveBeenCalledWith(
      encodeMessage(CHANNEL, 'welcome', { prefill: { fullName: 'Alex' }, visibility: 'visible' }),
      ORIGIN,
    );
    s.deliver(encodeMessage(CHANNEL, 'step', { step: 'banks' }));
    expect(s.onEvent).toHaveBeenCalledWith({ type: 'step', payload: { step: 'banks' } });
    expect(s.onInvalid).not.toHaveBeenCalled();
  });

  it('never posts with targetOrigin "*"; queues send() until the handshake', () => {
    const s = setup();
    current = s.m;
    s.m.send('bank_authorisation_result', { status: 'denied' });
    expect(s.frame.postMessage).not.toHaveBeenCalled();
    s.deliver(encodeMessage(CHANNEL, 'hello', {}));
    expect(s.frame.postMessage.mock.calls.map((c) => [c[0].type, c[1]])).toEqual([
      ['welcome', ORIGIN],
      ['bank_authorisation_result', ORIGIN],
    ]);
    expect(() => s.m.send('bank_authorisation_result', { status: 'maybe' } as never)).toThrow(
      expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_OPTION', field: 'payload' }),
    );
  });

  it("refuses the handshake's welcome and unknown types from send(): JourneyConfigError, field type (as the bridge's emit)", () => {
    const s = setup();
    current = s.m;
    for (const type of ['welcome', 'nope', 'toString']) {
      expect(() => s.m.send(type as never, {} as never)).toThrow(
        expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_OPTION', field: 'type' }),
      );
    }
    expect(s.frame.postMessage).not.toHaveBeenCalled();
  });

  it('drops, without reporting, messages from a forged origin (including "null") or from another window', () => {
    const s = setup();
    current = s.m;
    const ready = encodeMessage(CHANNEL, 'ready', { step: 'terms' });
    s.deliver(ready, { origin: 'https://evil.example.com' });
    s.deliver(ready, { origin: 'null' });
    s.deliver(ready, { origin: 'https://journey.example.com.evil.com' });
    s.deliver(ready, { source: fakeWindow() });
    s.deliver(ready, { source: window });
    s.deliver(encodeMessage(CHANNEL, 'hello', {}), { origin: 'https://evil.example.com' });
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(s.onInvalid).not.toHaveBeenCalled();
    expect(s.frame.postMessage).not.toHaveBeenCalled();
    s.deliver(ready);
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });

  it('reports wrong channel, malformed payload, unknown type, bad version and oversized messages from the journey window', () => {
    const s = setup();
    current = s.m;
    s.deliver(encodeMessage('other_channel_1', 'ready', { step: 'terms' }));
    s.deliver(encodeMessage(CHANNEL, 'ready', { step: 42 }));
    s.deliver(encodeMessage(CHANNEL, 'completed', {}));
    s.deliver(encodeMessage(CHANNEL, 'drop_tables', {}));
    s.deliver({ ...encodeMessage(CHANNEL, 'ready', { step: 'terms' }), version: 2 });
    s.deliver(
      encodeMessage(CHANNEL, 'error', { code: 'X', message: 'x'.repeat(MAX_MESSAGE_CHARS), recoverable: true }),
    );
    s.deliver({ protocol: 'hosted-journey', channel: CHANNEL });
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(s.onInvalid.mock.calls.map((c) => c[0].reason)).toEqual([
      'channel',
      'invalid_payload',
      'invalid_payload',
      'unknown_type',
      'version',
      'oversized',
      'invalid_payload',
    ]);
    expect(s.onInvalid.mock.calls[0]![0]).toMatchObject({ origin: ORIGIN });
  });

  it('ignores foreign traffic (e.g. the resizer) from the journey window without reporting it', () => {
    const s = setup();
    current = s.m;
    s.deliver({ type: 'iframe-resized', height: 100 });
    s.deliver('[iFrameSizer]ID:0');
    s.deliver(null);
    expect(s.onInvalid).not.toHaveBeenCalled();
    expect(s.onEvent).not.toHaveBeenCalled();
  });

  it('stop() removes its listener and forgets the handshake', () => {
    const s = setup();
    s.deliver(encodeMessage(CHANNEL, 'hello', {}));
    s.m.stop();
    expect(s.m.connected).toBe(false);
    s.deliver(encodeMessage(CHANNEL, 'ready', { step: 'terms' }));
    expect(s.onEvent).not.toHaveBeenCalled();
  });
});
