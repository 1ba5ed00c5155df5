// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/protocol/index.js';
import { createJourney, resumeJourney } from '../../src/widget/index.js';
import { RESUME_KEY_PREFIX } from '../../src/widget/save.js';
import { takeSavedJourney } from '../../src/widget/resume.js';
import { RESUME_TTL_MS, saveJourney, type SavedJourney } from '../../src/widget/save.js';
import type { JourneyHandle } from '../../src/widget/index.js';
import { SESSION, T0, timed, freezeClock } from '../support/clock.js';

const ORIGIN = 'https://journey.example.com';
const CH = 'chan_0123456789abcdef';
const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: ORIGIN };
const page = () => new URL(window.location.href);
const returnUrl = () => `${window.location.origin}/apply`;
const key = (ch = CH) => RESUME_KEY_PREFIX + ch;
const stored = (ch = CH) => JSON.parse(sessionStorage.getItem(key(ch)) ?? 'null') as SavedJourney | null;

freezeClock();
const handles: JourneyHandle[] = [];
beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/apply');
  document.body.innerHTML = '<div id="journey"></div>';
});
afterEach(() => {
  for (const h of handles.splice(0)) h.destroy();
  vi.restoreAllMocks();
});

describe('saveJourney / takeSavedJourney', () => {
  it('saves only the serialisable, non-personal options, keyed by channel, expiring after RESUME_TTL_MS', () => {
    const el = document.createElement('div');
    saveJourney(
      CH,
      {
        ...base,
        container: el,
        mode: 'inline',
        prefill: { fullName: 'Alex Citizen', email: 'alex@example.com' },
        onComplete: () => {},
        theme: { primaryColour: '#0B5FFF' },
        startAt: 'banks',
        returnUrl: returnUrl(),
        bankAuthorisation: 'popup',
      },
      1000,
    );
    const raw = sessionStorage.getItem(key())!;
    expect(raw).not.toMatch(/Alex|alex@|fullName|onComplete/);
    expect(JSON.parse(raw)).toEqual({
      v: 1,
      channel: CH,
      savedAt: 1000,
      expiresAt: 1000 + RESUME_TTL_MS,
      options: {
        ...base,
        mode: 'inline',
        theme: { primaryColour: '#0B5FFF' },
        startAt: 'banks',
        returnUrl: returnUrl(),
        bankAuthorisation: 'popup',
      },
    });
    saveJourney(CH, { ...base, container: '#journey', returnUrl: returnUrl() }, 1000);
    expect(stored()!.options.container).toBe('#journey');
  });

  it('takes a valid record once (read and delete)', () => {
    saveJourney(CH, { ...base, returnUrl: returnUrl() }, 1000);
    expect(takeSavedJourney(CH, page(), 2000)?.options.vendor).toBe('acme');
    expect(sessionStorage.getItem(key())).toBeNull();
    expect(takeSavedJourney(CH, page(), 2000)).toBeNull();
  });

  it('missing → null', () => {
    expect(takeSavedJourney(CH, page(), 0)).toBeNull();
  });

  it('expired → null, and deleted', () => {
    saveJourney(CH, { ...base, returnUrl: returnUrl() }, 1000);
    expect(takeSavedJourney(CH, page(), 1000 + RESUME_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(key())).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ v: 2, channel: CH, options: {}, savedAt: 0, expiresAt: 9e15 })],
    ['no options', JSON.stringify({ v: 1, channel: CH, savedAt: 0, expiresAt: 9e15 })],
    ['no expiry', JSON.stringify({ v: 1, channel: CH, options: { ...base }, savedAt: 0 })],
    ['no return page', JSON.stringify({ v: 1, channel: CH, options: { ...base }, savedAt: 0, expiresAt: 9e15 })],
  ])('malformed (%s) → null', (_name, raw) => {
    sessionStorage.setItem(key(), raw);
    expect(takeSavedJourney(CH, page(), 1)).toBeNull();
  });

  it('foreign: another channel’s record under this key, or saved for another return page → null', () => {
    sessionStorage.setItem(
      key(),
      JSON.stringify({
        v: 1,
        channel: 'other_channel_123',
        options: { ...base, returnUrl: returnUrl() },
        savedAt: 0,
        expiresAt: 9e15,
      }),
    );
    expect(takeSavedJourney(CH, page(), 1)).toBeNull();
    saveJourney(CH, { ...base, returnUrl: `${window.location.origin}/other-page` }, 0);
    expect(takeSavedJourney(CH, page(), 1)).toBeNull();
    saveJourney(CH, { ...base, returnUrl: 'https://elsewhere.example.com/apply' }, 0);
    expect(takeSavedJourney(CH, page(), 1)).toBeNull();
  });

  it('a channel that is not a channel id is never looked up', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem');
    expect(takeSavedJourney('../x', page(), 1)).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('resumeJourney', () => {
  const land = (query: string) => history.replaceState(null, '', `/apply?keep=1&${query}`);

  it('re-opens the saved journey, cleans the URL, and hands the journey the bank result after its handshake', () => {
    saveJourney(CH, { ...base, container: '#journey', mode: 'inline', startAt: 'banks', returnUrl: returnUrl() });
    land(`hj_channel=${CH}&hj_bank_status=authorised`);
    const onBankAuthorisation = vi.fn();
    const h = resumeJourney({ onBankAuthorisation })!;
    handles.push(h);
    expect(h).not.toBeNull();
    expect(window.location.search).toBe('?keep=1');
    expect(sessionStorage.getItem(key())).toBeNull();
    expect(h.state).toBe('loading');
    expect(new URL(h.url).pathname).toBe('/i/acme/cust_1/banks');
    const frame = document.querySelector('#journey iframe') as HTMLIFrameElement;
    expect(frame).toBe(h.iframe);
    const post = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post } });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: encodeMessage(h.channel, 'hello', {}),
        origin: ORIGIN,
        source: frame.contentWindow,
      }),
    );
    expect(post.mock.calls.map((c) => [c[0].type, c[0].payload])).toEqual([
      [
        'welcome',
        {
          bankAuthorisation: { strategy: 'popup', returnUrl: returnUrl() },
          visibility: 'visible',
          ...SESSION,
          mode: 'inline',
        },
      ],
      ['bank_authorisation_result', { status: 'authorised' }],
    ]);
    vi.setSystemTime(T0 + 2_000); // counted from the open() that resumed it
    window.dispatchEvent(
      new MessageEvent('message', {
        data: encodeMessage(h.channel, 'bank_authorisation_completed', { status: 'authorised' }),
        origin: ORIGIN,
        source: frame.contentWindow,
      }),
    );
    expect(onBankAuthorisation).toHaveBeenCalledWith(
      timed({ phase: 'completed', strategy: 'popup', status: 'authorised' }, 2_000),
    );
  });

  it.each([
    ['no parameters', '', true],
    ['an unknown status', `hj_channel=${CH}&hj_bank_status=maybe`, true],
    ['no saved state', `hj_channel=other_channel_123&hj_bank_status=authorised`, false],
  ])('%s → null, nothing mounted, URL untouched', (_name, query, save) => {
    if (save) saveJourney(CH, { ...base, container: '#journey', returnUrl: returnUrl() });
    land(query);
    const before = window.location.href;
    expect(resumeJourney()).toBeNull();
    expect(window.location.href).toBe(before);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('a stale saved state is ignored', () => {
    saveJourney(CH, { ...base, container: '#journey', returnUrl: returnUrl() }, Date.now() - RESUME_TTL_MS - 1);
    land(`hj_channel=${CH}&hj_bank_status=authorised`);
    expect(resumeJourney()).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('redirect on bank_authorisation', () => {
  it('a blocked popup: saves the state (no prefill) and takes the page to the journey origin’s bank-redirect endpoint', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const onBankAuthorisation = vi.fn();
    const h = createJourney({
      ...base,
      container: '#journey',
      prefill: { email: 'alex@example.com' },
      onBankAuthorisation,
    });
    handles.push(h);
    h.open();
    const frame = h.iframe!;
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: vi.fn() } });
    const url = `${ORIGIN}/bank-redirect/acme/cust_1/cns_1`; // built by the widget; the message names only the consent
    window.dispatchEvent(
      new MessageEvent('message', {
        data: encodeMessage(h.channel, 'bank_authorisation', { consentId: 'cns_1', popup: 'blocked' }),
        origin: ORIGIN,
        source: frame.contentWindow,
      }),
    );
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(onBankAuthorisation.mock.calls.map((c) => c[0])).toEqual([
      timed({ phase: 'requested', strategy: 'popup', consentId: 'cns_1', popup: 'blocked' }),
      timed({ phase: 'redirecting', strategy: 'popup', url }),
    ]);
    expect(stored(h.channel)!.options).toMatchObject({
      ...base,
      mode: 'inline',
      container: '#journey',
      bankAuthorisation: 'popup',
    });
    expect(sessionStorage.getItem(key(h.channel))).not.toContain('alex');
  });

  it('an opened popup: no redirect, no saved state', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const h = createJourney({ ...base, container: '#journey' });
    handles.push(h);
    h.open();
    Object.defineProperty(h.iframe!, 'contentWindow', { value: { postMessage: vi.fn() } });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: encodeMessage(h.channel, 'bank_authorisation', { consentId: 'cns_1', popup: 'opened' }),
        origin: ORIGIN,
        source: h.iframe!.contentWindow,
      }),
    );
    // dispatchEvent has run the widget's listener and its synchronous round trip: nothing is pending.
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });
});
