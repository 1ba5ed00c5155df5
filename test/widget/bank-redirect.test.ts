// @vitest-environment happy-dom
// Where and when the widget may move the host page. It goes only to the journey origin's own
// bank-redirect endpoint (built from `journeyOrigin`; the message names a consent, never a URL), and only for the
// redirect strategy or a blocked popup. Everything else leaves the page alone and is reported.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/protocol/index.js';
import { createJourney, type JourneyHandle, type JourneyOptions } from '../../src/widget/index.js';
import { RESUME_KEY_PREFIX } from '../../src/widget/save.js';
import { timed, freezeClock } from '../support/clock.js';

const ORIGIN = 'https://journey.example.com';
const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: ORIGIN, container: '#journey' } as const;
const BANK_REDIRECT = `${ORIGIN}/bank-redirect/acme/cust_1/cns_0123abcd`;

freezeClock();
const handles: JourneyHandle[] = [];
let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/apply');
  document.body.innerHTML = '<div id="journey"></div>';
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {}) as never;
});
afterEach(() => {
  for (const h of handles.splice(0)) h.destroy();
  vi.restoreAllMocks();
});

function mount(extra: Partial<JourneyOptions> = {}) {
  const cb = { onBankAuthorisation: vi.fn(), onError: vi.fn(), onInvalidMessage: vi.fn(), onEvent: vi.fn() };
  const h = createJourney({ ...base, ...cb, ...extra });
  handles.push(h);
  h.open();
  Object.defineProperty(h.iframe!, 'contentWindow', { value: { postMessage: vi.fn() } });
  const domErrors: unknown[] = [];
  document.addEventListener('hosted-journey:error', (e) => domErrors.push((e as CustomEvent).detail));
  // dispatchEvent runs the widget's listener (and the round trip it drives, synchronous) before it returns: whatever
  // the message does has happened, or will never happen, once send() has returned.
  const send = (payload: unknown, origin = ORIGIN) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: encodeMessage(h.channel, 'bank_authorisation', payload),
        origin,
        source: h.iframe!.contentWindow,
      }),
    );
  const saved = () => Object.keys(sessionStorage).filter((k) => k.startsWith(RESUME_KEY_PREFIX));
  return { h, cb, send, domErrors, saved };
}

describe('navigates only to the journey origin’s bank-redirect endpoint', () => {
  it.each([
    ['popup strategy, popup blocked', {}, { consentId: 'cns_0123abcd', popup: 'blocked' }],
    ['redirect strategy, no popup tried', { bankAuthorisation: 'redirect' }, { consentId: 'cns_0123abcd' }],
    [
      'redirect strategy, popup blocked',
      { bankAuthorisation: 'redirect' },
      { consentId: 'cns_0123abcd', popup: 'blocked' },
    ],
  ] as const)('%s → {journeyOrigin}/bank-redirect/{vendor}/{customerId}/{consentId}', (_name, extra, payload) => {
    const { cb, send, saved } = mount(extra);
    send(payload);
    expect(assign.mock.calls).toEqual([[BANK_REDIRECT]]);
    const strategy = 'bankAuthorisation' in extra ? 'redirect' : 'popup';
    expect(cb.onBankAuthorisation.mock.calls.map((c) => c[0])).toEqual([
      timed({ phase: 'requested', strategy, ...payload }),
      timed({ phase: 'redirecting', strategy, url: BANK_REDIRECT }),
    ]);
    expect(saved()).toHaveLength(1);
    expect(cb.onError).not.toHaveBeenCalled();
  });

  it('a URL in the message is never used: the page goes to the bank-redirect endpoint, and the URL is not even passed on', () => {
    const { cb, send } = mount();
    send({ consentId: 'cns_0123abcd', url: 'https://evil.example/phish', popup: 'blocked' });
    expect(assign.mock.calls).toEqual([[BANK_REDIRECT]]);
    expect(JSON.stringify(cb.onBankAuthorisation.mock.calls)).not.toContain('evil');
    expect(JSON.stringify(cb.onEvent.mock.calls)).not.toContain('evil');
  });

  it('a loopback journey origin on http (127.0.0.0/8) keeps http; ids are taken from the validated options', () => {
    const { send } = mount({ journeyOrigin: 'http://127.0.0.5:4010', vendor: 'v-1', customerId: 'c_2' });
    send({ consentId: 'cns_x', popup: 'blocked' }, 'http://127.0.0.5:4010');
    expect(assign.mock.calls).toEqual([['http://127.0.0.5:4010/bank-redirect/v-1/c_2/cns_x']]);
  });
});

describe('refused: the page stays, the refusal is reported', () => {
  it('popup strategy without a blocked popup → onError BANK_REDIRECT_REFUSED (callback and DOM), nothing saved, no phase', () => {
    const { cb, send, domErrors, saved, h } = mount();
    send({ consentId: 'cns_0123abcd' });
    expect(assign).not.toHaveBeenCalled();
    expect(cb.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'BANK_REDIRECT_REFUSED', recoverable: true }),
    );
    expect(domErrors).toEqual([expect.objectContaining({ code: 'BANK_REDIRECT_REFUSED' })]);
    expect(cb.onBankAuthorisation).not.toHaveBeenCalled();
    expect(cb.onEvent).not.toHaveBeenCalled();
    expect(saved()).toEqual([]);
    expect(h.state).toBe('loading'); // a refused request does not end the journey
  });

  it.each([['popup'], ['redirect']] as const)(
    'popup opened (%s strategy) → never navigates; phases requested, opened',
    (strategy) => {
      const { cb, send, saved } = mount({ bankAuthorisation: strategy });
      send({ consentId: 'cns_0123abcd', popup: 'opened' });
      expect(assign).not.toHaveBeenCalled();
      expect(saved()).toEqual([]);
      expect(cb.onBankAuthorisation.mock.calls.map((c) => c[0])).toEqual([
        timed({ phase: 'requested', strategy, consentId: 'cns_0123abcd', popup: 'opened' }),
        timed({ phase: 'opened', strategy, consentId: 'cns_0123abcd' }),
      ]);
    },
  );

  it.each([
    ['a URL and no consent id (the old payload)', { url: 'http://127.0.0.1:5599/phish', popup: 'blocked' }],
    ['a javascript: URL', { url: 'javascript:alert(1)', popup: 'blocked' }],
    ['path traversal', { consentId: '../../phish', popup: 'blocked' }],
    ['a slash', { consentId: 'cns_1/../../x', popup: 'blocked' }],
    ['percent-encoding', { consentId: '%2e%2e%2fphish', popup: 'blocked' }],
    ['a host', { consentId: '//evil.example', popup: 'blocked' }],
    ['a scheme', { consentId: 'https://evil.example', popup: 'blocked' }],
    ['an unknown popup value', { consentId: 'cns_1', popup: 'maybe' }],
  ])('%s → onInvalidMessage invalid_payload, no navigation', (_name, payload) => {
    const { cb, send } = mount({ bankAuthorisation: 'redirect' });
    send(payload);
    expect(assign).not.toHaveBeenCalled();
    expect(cb.onInvalidMessage).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'invalid_payload', origin: ORIGIN }),
    );
    expect(cb.onBankAuthorisation).not.toHaveBeenCalled();
  });

  it('a well-formed request from another origin is dropped silently', () => {
    const { cb, send } = mount({ bankAuthorisation: 'redirect' });
    send({ consentId: 'cns_0123abcd' }, 'https://evil.example');
    expect(assign).not.toHaveBeenCalled();
    expect(cb.onInvalidMessage).not.toHaveBeenCalled();
  });
});

describe('journeyOrigin: https, or http on loopback only (checked at createJourney)', () => {
  it.each(['http://journey.example.com', 'http://10.0.0.1', 'http://127.0.0.1.nip.io', 'http://[::2]'])(
    '%s → JourneyConfigError',
    (journeyOrigin) => {
      expect(() => createJourney({ ...base, journeyOrigin })).toThrow(
        expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_JOURNEY_ORIGIN' }),
      );
    },
  );
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://127.3.2.1',
    'http://[::1]:3000',
    'https://journey.example.com',
  ])('%s is accepted', (journeyOrigin) => {
    expect(() => handles.push(createJourney({ ...base, journeyOrigin }))).not.toThrow();
  });
});
