// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectToParent, isJourneyConfigError, type JourneyBridge } from '../../src/child/index.js';
import { encodeMessage } from '../../src/protocol/index.js';

const PARENT = 'https://shop.example.com';
const CHANNEL = 'chan_bbbbbbbbbbbb';
const journeyUrl = (query: string) => new URL(`https://journey.example.com/i/acme/cust_1?${query}`);
const framedUrl = (extra = '') => journeyUrl(`parent_origin=${encodeURIComponent(PARENT)}&channel=${CHANNEL}${extra}`);

let parent: { postMessage: ReturnType<typeof vi.fn> };
let bridge: JourneyBridge | undefined;
const realParent = Object.getOwnPropertyDescriptor(window, 'parent')!;

beforeEach(() => {
  parent = { postMessage: vi.fn() };
});
afterEach(() => {
  bridge?.destroy();
  bridge = undefined;
  Object.defineProperty(window, 'parent', realParent);
});
/**
 * Posts `data` with this window's real `postMessage` (its own origin and source, neither the parent's) and resolves
 * once it has been dispatched: this listener is added after the bridge's, so the bridge has handled it by then.
 */
function postedByThisWindow(data: unknown): Promise<void> {
  return new Promise((resolve) => {
    const seen = (e: MessageEvent) => {
      if (e.data !== data) return;
      window.removeEventListener('message', seen);
      resolve();
    };
    window.addEventListener('message', seen);
    window.postMessage(data, '*');
  });
}
function frameIt() {
  Object.defineProperty(window, 'parent', { value: parent, configurable: true, writable: true });
}
const fromParent = (
  type: string,
  payload: unknown,
  init: { origin?: string; source?: unknown; channel?: string } = {},
) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: encodeMessage(init.channel ?? CHANNEL, type, payload),
      origin: init.origin ?? PARENT,
      source: (init.source ?? parent) as Window,
    }),
  );

describe('connectToParent, unframed', () => {
  it('without parent_origin/channel: not framed, connected resolves with the URL prefill, emit is a no-op', async () => {
    frameIt();
    bridge = connectToParent({ location: journeyUrl('full_name=Alex%20Citizen&email=a%40example.com') });
    expect(bridge.framed).toBe(false);
    await expect(bridge.connected).resolves.toEqual({ prefill: { fullName: 'Alex Citizen', email: 'a@example.com' } });
    bridge.emit('ready', { step: 'terms' });
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('with parameters but top-level (window.parent === window): not framed', async () => {
    bridge = connectToParent({ location: framedUrl() });
    expect(bridge.framed).toBe(false);
    await expect(bridge.connected).resolves.toEqual({ prefill: {} });
  });

  it('an invalid parent_origin (plain http on a public host) or channel means unframed', () => {
    frameIt();
    bridge = connectToParent({
      location: journeyUrl(`parent_origin=${encodeURIComponent('http://shop.example.com')}&channel=${CHANNEL}`),
    });
    expect(bridge.framed).toBe(false);
    bridge.destroy();
    bridge = connectToParent({ location: journeyUrl(`parent_origin=${encodeURIComponent(PARENT)}&channel=short`) });
    expect(bridge.framed).toBe(false);
  });

  it('emit validates payloads even unframed (a typed error, not a silent bad message)', () => {
    bridge = connectToParent({ location: journeyUrl('') });
    let error: unknown;
    try {
      bridge.emit('completed', { applicationId: '' });
    } catch (e) {
      error = e;
    }
    expect(isJourneyConfigError(error)).toBe(true);
  });

  it("emit refuses the handshake's hello and unknown types: JourneyConfigError, field type (as the widget's send)", () => {
    const b = (bridge = connectToParent({ location: journeyUrl('') }));
    for (const type of ['hello', 'nope', 'toString']) {
      expect(() => b.emit(type as never, {} as never)).toThrow(
        expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_OPTION', field: 'type' }),
      );
    }
    expect(() => b.emit('completed', { applicationId: '' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', field: 'payload' }),
    );
  });

  it('bank_authorisation takes a consent id, not a URL: a bad or missing consent id is a typed error', () => {
    const b = (bridge = connectToParent({ location: journeyUrl('') }));
    for (const payload of [
      { url: 'https://bank.example/consent' },
      { consentId: '../x' },
      { consentId: 'a/b' },
      { consentId: '' },
    ]) {
      expect(() => b.emit('bank_authorisation', payload as never)).toThrow(
        expect.objectContaining({ name: 'JourneyConfigError' }),
      );
    }
    expect(() => b.emit('bank_authorisation', { consentId: 'cns_1', popup: 'blocked' })).not.toThrow();
  });
});

describe('connectToParent, framed', () => {
  it('posts hello to parent_origin only, and resolves on welcome with the handshake prefill', async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl('&phone=%2B61400000000') });
    expect(bridge.framed).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(encodeMessage(CHANNEL, 'hello', {}), PARENT);
    fromParent('welcome', { prefill: { fullName: 'Alex Citizen' } });
    await expect(bridge.connected).resolves.toEqual({ prefill: { phone: '+61400000000', fullName: 'Alex Citizen' } });
    expect(bridge.prefill).toEqual({ phone: '+61400000000', fullName: 'Alex Citizen' });
  });

  it('ignores welcome and close from another origin, another window or another channel', async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl(), handshakeTimeoutMs: 60 });
    const onClose = vi.fn();
    bridge.onClose(onClose);
    fromParent('welcome', { prefill: { fullName: 'Mallory' } }, { origin: 'https://evil.example.com' });
    fromParent('welcome', { prefill: { fullName: 'Mallory' } }, { origin: 'null' });
    fromParent('welcome', { prefill: { fullName: 'Mallory' } }, { source: { postMessage() {} } });
    fromParent('welcome', { prefill: { fullName: 'Mallory' } }, { channel: 'chan_cccccccccccc' });
    fromParent('close', {}, { origin: 'https://evil.example.com' });
    fromParent('welcome', { prefill: { fullName: 7 } });
    expect(onClose).not.toHaveBeenCalled();
    // Nothing valid arrived: the timeout resolves with the URL's (empty) prefill.
    await expect(bridge.connected).resolves.toEqual({ prefill: {} });
  });

  it('emit posts typed events to parent_origin; on() and onClose() receive parent messages; destroy() detaches', () => {
    frameIt();
    const removed = vi.spyOn(window, 'removeEventListener');
    bridge = connectToParent({ location: framedUrl() });
    bridge.emit('completed', { applicationId: 'app_1' });
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      encodeMessage(CHANNEL, 'completed', { applicationId: 'app_1' }),
      PARENT,
    );
    expect(parent.postMessage.mock.calls.every((c) => c[1] === PARENT)).toBe(true);
    const result = vi.fn();
    const onClose = vi.fn();
    bridge.on('bank_authorisation_result', result);
    bridge.onClose(onClose);
    fromParent('bank_authorisation_result', { status: 'authorised', params: { code: 'x' } });
    fromParent('close', {});
    expect(result).toHaveBeenCalledWith({ status: 'authorised', params: { code: 'x' } });
    expect(onClose).toHaveBeenCalledTimes(1);
    bridge.destroy();
    expect(removed.mock.calls.some((c) => c[0] === 'message')).toBe(true);
    fromParent('close', {});
    bridge.emit('step', { step: 'after' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(parent.postMessage.mock.calls.map((c) => c[0].type)).toEqual(['hello', 'completed']);
    removed.mockRestore();
  });
  it("keeps welcome's bankAuthorisation, and hands a message that came before any subscriber to the first one", async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl() });
    const bankAuthorisation = { strategy: 'redirect' as const, returnUrl: `${PARENT}/apply` };
    fromParent('welcome', { bankAuthorisation });
    fromParent('bank_authorisation_result', { status: 'denied' });
    await bridge.connected;
    expect(bridge.bankAuthorisation).toEqual(bankAuthorisation);
    const late = vi.fn();
    bridge.on('bank_authorisation_result', late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledWith({ status: 'denied' });
    const later = vi.fn();
    bridge.on('bank_authorisation_result', later); // delivered once only
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
  });

  it("keeps welcome's mode: undefined before welcome, 'modal' after a modal widget's", async () => {
    frameIt();
    const b = (bridge = connectToParent({ location: framedUrl() }));
    expect(b.mode).toBeUndefined();
    fromParent('welcome', { mode: 'modal' });
    await b.connected;
    expect(b.mode).toBe('modal');
  });

  it('Escape pressed in the journey is posted as escape; one the journey took (preventDefault) or an IME used is not', () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl() });
    const posted = () => parent.postMessage.mock.calls.map((c) => c[0].type);
    const press = (init: KeyboardEventInit, taken = false) => {
      const input = document.body.appendChild(document.createElement('input'));
      if (taken) input.addEventListener('keydown', (e) => e.preventDefault());
      input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
      input.remove();
    };
    press({ key: 'Escape' });
    expect(posted()).toEqual(['hello', 'escape']);
    expect(parent.postMessage).toHaveBeenLastCalledWith(encodeMessage(CHANNEL, 'escape', {}), PARENT);
    press({ key: 'Escape' }, true);
    press({ key: 'Escape', isComposing: true });
    press({ key: 'Enter' });
    expect(posted()).toEqual(['hello', 'escape']);
    bridge.destroy();
    press({ key: 'Escape' });
    expect(posted()).toEqual(['hello', 'escape']);
  });
});

describe("the journey session's traceparent", () => {
  const WIDGET = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
  const LINK = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it("welcome's traceparent wins over the URL's; before welcome, the URL's is the one", async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl(`&traceparent=${LINK}`) });
    expect(bridge.traceparent).toBe(LINK);
    fromParent('welcome', { traceparent: WIDGET });
    await bridge.connected;
    expect(bridge.traceparent).toBe(WIDGET);
  });

  it("welcome's session id is the bridge's (the journey sends it with its calls); none before welcome", async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl('') });
    expect(bridge.sessionId).toBeUndefined();
    fromParent('welcome', { traceparent: WIDGET, sessionId: 'a'.repeat(32), traceId: WIDGET.slice(3, 35) });
    await bridge.connected;
    expect(bridge.sessionId).toBe('a'.repeat(32));
  });

  it('one that fails the strict parser (version ff, an all-zero id, uppercase, a later field on 00) is ignored', async () => {
    for (const bad of [
      WIDGET.replace(/^00/, 'ff'),
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      WIDGET.toUpperCase(),
      `${WIDGET}-extra`,
    ]) {
      frameIt();
      bridge = connectToParent({ location: framedUrl(`&traceparent=${encodeURIComponent(bad)}`) });
      expect(bridge.traceparent, bad).toBeUndefined();
      fromParent('welcome', { traceparent: bad });
      await bridge.connected;
      expect(bridge.traceparent, bad).toBeUndefined();
      bridge.destroy();
    }
  });

  it('unframed (a link), the URL carries it', () => {
    bridge = connectToParent({ location: journeyUrl(`traceparent=${LINK}`) });
    expect(bridge.framed).toBe(false);
    expect(bridge.traceparent).toBe(LINK);
  });
});

describe('visibility (prewarm)', () => {
  it("welcome { visibility: 'hidden' } makes it invisible until a visibility message; whenVisible waits for it", async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl() });
    expect(bridge.visible).toBe(true); // before welcome: unknown, assumed visible (older widgets never say)
    const changes: boolean[] = [];
    bridge.onVisibilityChange((v) => changes.push(v));
    fromParent('welcome', { visibility: 'hidden' });
    await bridge.connected;
    expect(bridge.visible).toBe(false);
    let shown = false;
    const waiting = bridge.whenVisible().then(() => (shown = true));
    fromParent('visibility', { state: 'visible' }, { origin: 'https://evil.example.com' }); // wrong origin: ignored
    await postedByThisWindow(encodeMessage(CHANNEL, 'visibility', { state: 'visible' })); // not the parent: ignored
    expect(shown).toBe(false);
    expect(bridge.visible).toBe(false);
    fromParent('visibility', { state: 'visible' });
    await waiting;
    expect(bridge.visible).toBe(true);
    expect(changes).toEqual([false, true]);
    await expect(bridge.whenVisible()).resolves.toBeUndefined();
  });

  it("visibility's prefill (sent on open()) is merged into prefill before visibility listeners run", async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl() });
    fromParent('welcome', { visibility: 'hidden' });
    await bridge.connected;
    expect(bridge.prefill.email).toBeUndefined();
    const seen: (string | undefined)[] = [];
    bridge.onVisibilityChange(() => seen.push(bridge?.prefill.email));
    fromParent('visibility', { state: 'visible', prefill: { email: 'alex@example.com' } });
    await bridge.whenVisible();
    expect(seen).toEqual(['alex@example.com']);
    expect(bridge.prefill.email).toBe('alex@example.com');
  });

  it('a welcome without visibility (older widget) or visible: visible at once', async () => {
    frameIt();
    bridge = connectToParent({ location: framedUrl() });
    fromParent('welcome', {});
    await bridge.whenVisible();
    expect(bridge.visible).toBe(true);
  });
});
