// @vitest-environment happy-dom
// The journey without a bridge (journeyProtocol 'plain'): it posts RELEASED to the parent origin it was served for,
// in both shapes, once, when the customer is done — and nothing else, to nobody else.
import { describe, expect, it } from 'vitest';
import { createPlainBridge } from '../../src/sandbox/journey/browser/plain-bridge.js';

function recorder() {
  const posted: Array<[unknown, string]> = [];
  return { posted, post: (m: unknown, o: string) => void posted.push([m, o]) };
}

describe('the plain journey bridge', () => {
  it('posts RELEASED as a string and as { event } to the parent origin, once, on released', () => {
    const { posted, post } = recorder();
    const bridge = createPlainBridge('https://app.example', post);
    bridge.emit('ready', { step: 'terms' });
    bridge.emit('step', { step: 'banks' });
    expect(posted).toEqual([]);
    bridge.emit('released', {});
    bridge.emit('completed', { applicationId: 'app_1' });
    expect(posted).toEqual([
      ['RELEASED', 'https://app.example'],
      [{ event: 'RELEASED' }, 'https://app.example'],
    ]);
  });

  it('completed counts as done when released never came (the CDR pathway)', () => {
    const { posted, post } = recorder();
    createPlainBridge('http://localhost:4000', post).emit('completed', { applicationId: 'app_2' });
    expect(posted.map(([m]) => m)).toEqual(['RELEASED', { event: 'RELEASED' }]);
  });

  it('without a parent origin it posts nothing (never to "*")', () => {
    const { posted, post } = recorder();
    createPlainBridge(undefined, post).emit('released', {});
    expect(posted).toEqual([]);
  });

  it('answers the pages locally: visible, no prefill, no parent messages; framed only inside a frame', async () => {
    const bridge = createPlainBridge('https://app.example', recorder().post);
    expect(bridge.framed).toBe(true);
    expect(bridge.visible).toBe(true);
    await expect(bridge.connected).resolves.toEqual({});
    await expect(bridge.whenVisible()).resolves.toBeUndefined();
    expect(typeof bridge.on('bank_authorisation_result', () => undefined)).toBe('function');
    // happy-dom's window is its own parent: the default poster is absent, the page is not framed.
    expect(createPlainBridge('https://app.example').framed).toBe(false);
  });
});
