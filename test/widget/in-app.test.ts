// @vitest-environment happy-dom
/**
 * The in-app browser and WebView table (src/widget/in-app.ts), a sample user agent per row, and `bankAuthorisation:
 * 'auto'`: redirect in those, popup in full browsers, decided at createJourney; an explicit strategy wins.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IN_APP_BROWSERS, inAppBrowser } from '../../src/widget/in-app.js';
import { resolveOptions } from '../../src/widget/options.js';
import { createJourney } from '../../src/widget/index.js';

/** One real-world user agent per row of IN_APP_BROWSERS, in the table's order, by the row's name. */
const SAMPLES: Record<string, string> = {
  Facebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    '[FBAN/FBIOS;FBAV/442.0.0.40.111;FBBV/540123456;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
  Instagram:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.231105.004) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (34/14; 420dpi)',
  TikTok:
    'Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/118.0.5993.111 Mobile Safari/537.36 BytedanceWebview/d8a21c6 musical_ly_2023205030 JsSdk/1.0 TikTok',
  LinkedIn:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    '[LinkedInApp]/9.28.1234',
  LINE:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    'Safari Line/13.18.0',
  'Google app':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/295.0.590048842 ' +
    'Mobile/15E148 Safari/604.1',
  Snapchat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    'Snapchat/12.60.0.42 (like Safari/8617.2.4.10.8, panda)',
  'Android WebView':
    'Mozilla/5.0 (Linux; Android 13; SM-A536B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
    'Chrome/120.0.6099.43 Mobile Safari/537.36',
  'iOS WebView':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
};

/** Full browsers: none is an in-app browser. */
const FULL = [
  // Chrome, Firefox and Safari on desktop
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  // Safari, Chrome (CriOS) and Firefox (FxiOS) on iPhone
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
  // Chrome and Samsung Internet on Android
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.43 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
];

describe('in-app browser table', () => {
  it('has a sample user agent for every row, and each sample is recognised as its own row', () => {
    const samples = Object.entries(SAMPLES);
    expect(samples).toHaveLength(IN_APP_BROWSERS.length);
    samples.forEach(([name, ua], row) => {
      expect(
        IN_APP_BROWSERS.findIndex((signature) => signature.test(ua)),
        name,
      ).toBe(row);
      expect(inAppBrowser(ua), name).toBe(true);
    });
  });

  it('full browsers (desktop, iOS Safari/Chrome/Firefox, Android Chrome/Samsung) are not in-app', () => {
    for (const ua of FULL) expect(inAppBrowser(ua), ua).toBe(false);
  });
});

describe("bankAuthorisation: 'auto'", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });
  const resolve = (bankAuthorisation?: 'auto' | 'popup' | 'redirect') =>
    resolveOptions(
      {
        vendor: 'acme',
        customerId: 'cust_1',
        journeyOrigin: 'https://journey.example.com',
        mode: 'modal',
        ...(bankAuthorisation ? { bankAuthorisation } : {}),
      },
      window.location.origin,
      'chan_0123456789abcdef',
    ).bankAuthorisation;
  const as = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);

  it('is the default: popup in a full browser, redirect in every in-app browser and WebView', () => {
    as(FULL[0]!);
    expect([resolve(), resolve('auto')]).toEqual(['popup', 'popup']);
    for (const ua of Object.values(SAMPLES)) {
      as(ua);
      expect([resolve(), resolve('auto')], ua).toEqual(['redirect', 'redirect']);
    }
  });

  it("an explicit 'popup' or 'redirect' wins; anything else is a JourneyConfigError", () => {
    as(SAMPLES.Instagram!);
    expect(resolve('popup')).toBe('popup');
    as(FULL[0]!);
    expect(resolve('redirect')).toBe('redirect');
    expect(() => resolve('window' as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', field: 'bankAuthorisation' }),
    );
  });

  it('is decided at createJourney, and the handle reports it', () => {
    as(SAMPLES['Android WebView']!);
    const h = createJourney({ vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' });
    expect(h.bankAuthorisation).toBe('redirect');
    h.destroy();
  });
});
