// buildJourneyUrl's app parameters (src/protocol/url/native.ts): web URLs unchanged, each bad value a typed error, and
// the parser reading back what the builder wrote.
import { describe, expect, it } from 'vitest';
import {
  buildJourneyUrl,
  buildWebJourneyUrl,
  isJourneyConfigError,
  matchReturnLink,
  parseJourneyUrl,
} from '../../src/protocol/browser.js';

const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' } as const;
const RETURN = 'https://app.acme.example/bank-return';
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function codeOf(fn: () => unknown): [string, string] | undefined {
  try {
    fn();
  } catch (e) {
    if (isJourneyConfigError(e)) return [e.code, e.field];
    throw e;
  }
  return undefined;
}

describe('buildJourneyUrl with nativeBridge', () => {
  it('leaves a web journey URL as it was, returnUrl included', () => {
    expect(buildJourneyUrl({ ...base, returnUrl: RETURN })).toBe(buildWebJourneyUrl(base));
    expect(buildJourneyUrl({ ...base, startAt: 'banks' })).toBe('https://journey.example.com/i/acme/cust_1/banks');
  });

  it('adds the bridge, the return URL and the trace, and the parser reads them back', () => {
    for (const nativeBridge of ['react-native', 'ios', 'android'] as const) {
      const url = buildJourneyUrl({
        ...base,
        startAt: 'banks',
        nativeBridge,
        returnUrl: RETURN,
        traceparent: TRACEPARENT,
      });
      expect(url).toBe(
        `https://journey.example.com/i/acme/cust_1/banks?native_bridge=${nativeBridge}` +
          `&return_url=${encodeURIComponent(RETURN)}&traceparent=${TRACEPARENT}`,
      );
      const parsed = parseJourneyUrl(url)!;
      expect(parsed.native).toEqual({ nativeBridge, returnUrl: RETURN });
      expect(parsed.traceparent).toBe(TRACEPARENT);
    }
    expect(parseJourneyUrl(buildWebJourneyUrl(base))!.native).toBeUndefined();
  });

  it('refuses a bad bridge, return URL, parent origin or trace with a typed error', () => {
    const app = { ...base, nativeBridge: 'ios' as const, returnUrl: RETURN };
    expect(codeOf(() => buildJourneyUrl({ ...app, nativeBridge: 'windows' as never }))).toEqual([
      'INVALID_OPTION',
      'nativeBridge',
    ]);
    for (const returnUrl of [
      undefined,
      'http://app.acme.example/x',
      'https://u:p@app.acme.example/x',
      `${RETURN}#x`,
      'app://x',
    ])
      expect(codeOf(() => buildJourneyUrl({ ...app, returnUrl }))).toEqual(['INVALID_OPTION', 'returnUrl']);
    expect(codeOf(() => buildJourneyUrl({ ...app, returnUrl: 'http://127.0.0.1:9/back' }))).toBeUndefined();
    expect(codeOf(() => buildJourneyUrl({ ...app, parentOrigin: 'https://shop.example.com' }))).toEqual([
      'INVALID_OPTION',
      'parentOrigin',
    ]);
    expect(codeOf(() => buildJourneyUrl({ ...app, traceparent: '00-0-0-01' }))).toEqual([
      'INVALID_TRACEPARENT',
      'traceparent',
    ]);
  });

  it('an unknown bridge or a bad return URL in a URL is read as absent (the page then says so)', () => {
    const url = `${buildWebJourneyUrl(base)}?native_bridge=windows&return_url=javascript%3Aalert(1)`;
    expect(parseJourneyUrl(url)!.native).toEqual({});
  });
});

describe('matchReturnLink: the one check the app and the journey both make of a bank return link', () => {
  const channel = 'chan_12345678';
  it("matches the return URL's origin and path with this channel, whatever else the link carries", () => {
    const got = matchReturnLink(`${RETURN}?hj_channel=${channel}&hj_bank_status=approved&extra=1`, RETURN, channel);
    expect(got?.searchParams.get('hj_bank_status')).toBe('approved');
  });
  it.each([
    ['another origin', `https://evil.example/bank-return?hj_channel=${channel}`],
    ['another port', `https://app.acme.example:8443/bank-return?hj_channel=${channel}`],
    ['another path', `https://app.acme.example/bank-return/x?hj_channel=${channel}`],
    ['another channel', `${RETURN}?hj_channel=chan_87654321`],
    ['no channel', `${RETURN}?hj_bank_status=approved`],
    ['the channel twice, the first another', `${RETURN}?hj_channel=chan_87654321&hj_channel=${channel}`],
    ['not a URL', 'bank-return?hj_channel=x'],
  ])('refuses %s', (_, link) => {
    expect(matchReturnLink(link, RETURN, channel)).toBeUndefined();
  });
});
