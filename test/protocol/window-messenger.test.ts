// @vitest-environment happy-dom
// The shared core of both sides of the channel: each numbered requirement of src/protocol/window-messenger.ts that
// the core itself enforces, tried with a minimal side (its own schemas, a recording `receive`).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage, journeyEventSchemas, WindowMessenger } from '../../src/protocol/browser.js';

const ORIGIN = 'https://other.example.com';
const CHANNEL = 'chan_eeeeeeeeeeee';

class Side extends WindowMessenger<{ type: string; payload: unknown }> {
  readonly schemas = journeyEventSchemas;
  readonly got: unknown[] = [];
  receive(message: { type: string; payload: unknown }): void {
    this.got.push(message);
  }
}

function setup() {
  const peer = { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
  const onInvalid = vi.fn();
  let target: Window | null = peer;
  const side = new Side({ origin: ORIGIN, channel: CHANNEL, getTarget: () => target, onInvalid });
  side.start();
  const deliver = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: init.origin ?? ORIGIN, source: (init.source ?? peer) as Window }),
    );
  return { side, peer, onInvalid, deliver, setTarget: (w: Window | null) => (target = w) };
}

let current: Side | undefined;
afterEach(() => current?.stop());

describe('WindowMessenger (the core both sides share)', () => {
  it('2–4: accepts only the exact origin, the current target window and this channel', () => {
    const s = setup();
    current = s.side;
    const ready = encodeMessage(CHANNEL, 'ready', { step: 'terms' });
    s.deliver(ready, { origin: 'https://evil.example.com' });
    s.deliver(ready, { origin: 'null' });
    s.deliver(ready, { source: { postMessage() {} } });
    s.deliver(encodeMessage('chan_ffffffffffff', 'ready', { step: 'terms' }));
    expect(s.side.got).toEqual([]);
    s.deliver(ready);
    expect(s.side.got).toEqual([{ type: 'ready', payload: { step: 'terms' } }]);
    s.setTarget(null); // the frame is gone: nothing is the right source any more
    s.deliver(ready, { source: null });
    expect(s.side.got).toHaveLength(1);
  });

  it('5: origin/source failures are silent; envelope failures go to onInvalid; foreign traffic does not', () => {
    const s = setup();
    current = s.side;
    s.deliver(encodeMessage(CHANNEL, 'nope', {}), { origin: 'https://evil.example.com' });
    s.deliver({ type: 'iframe-resized', height: 10 });
    expect(s.onInvalid).not.toHaveBeenCalled();
    s.deliver(encodeMessage(CHANNEL, 'nope', {}));
    s.deliver(encodeMessage(CHANNEL, 'ready', { step: '' }));
    expect(s.onInvalid.mock.calls.map((c) => [c[0].reason, c[0].origin])).toEqual([
      ['unknown_type', ORIGIN],
      ['invalid_payload', ORIGIN],
    ]);
  });

  it('6 and 8: posts only to the other side origin; send() holds until connect(), reset() drops what is held', () => {
    const s = setup();
    current = s.side;
    s.side.send('a', { n: 1 });
    s.side.send('b', { n: 2 });
    expect(s.peer.postMessage).not.toHaveBeenCalled();
    s.side.post('hello', {});
    s.side.connect();
    expect(s.side.connected).toBe(true);
    expect(s.peer.postMessage.mock.calls.map((c) => [c[0].type, c[1]])).toEqual([
      ['hello', ORIGIN],
      ['a', ORIGIN],
      ['b', ORIGIN],
    ]);
    s.side.reset();
    s.side.send('c', {});
    s.side.connect();
    s.side.send('d', {});
    expect(s.peer.postMessage.mock.calls.map((c) => c[0].type)).toEqual(['hello', 'a', 'b', 'c', 'd']);
    s.side.stop();
    expect(s.side.connected).toBe(false);
    s.side.send('e', {});
    expect(s.peer.postMessage).toHaveBeenCalledTimes(5);
    expect(s.peer.postMessage.mock.calls.every((c) => c[1] === ORIGIN && c[0].channel === CHANNEL)).toBe(true);
  });

  it('1: start() twice listens once; stop() detaches', () => {
    const s = setup();
    s.side.start();
    s.deliver(encodeMessage(CHANNEL, 'released', {}));
    expect(s.side.got).toHaveLength(1);
    s.side.stop();
    s.deliver(encodeMessage(CHANNEL, 'released', {}));
    expect(s.side.got).toHaveLength(1);
  });
});
