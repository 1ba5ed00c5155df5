// @vitest-environment happy-dom
// Negotiation, source by source: the widget carries its `locale` option, else the host page's <html lang>, as the
// journey URL's `locale`; the journey then takes that tag, then the browser's languages, then en-AU, the first that a
// shipped locale matches. Each source is tried present and absent. A `locale` option that is not BCP 47 is never
// thrown into the page: a console warning names it and the negotiation goes on without it; a page `lang` that is not
// BCP 47 is left out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ONLY_ENGLISH } from '../../src/protocol/english.js';
import { LOCALE_QUERY, matchLocale, negotiateLocale } from '../../src/protocol/locale.js';
import { buildJourneyUrl, parseJourneyUrl, QUERY } from '../../src/protocol/url.js';
import { createJourney } from '../../src/widget/index.js';

const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' } as const;
const carried = (options: object = {}) =>
  new URL(createJourney({ ...base, mode: 'modal', ...options }).url).searchParams.get('locale');

afterEach(() => {
  document.documentElement.lang = '';
});

describe('what the widget carries', () => {
  it('the option, when present, over the page’s lang', () => {
    document.documentElement.lang = 'en-GB';
    expect(carried({ locale: 'en-XA' })).toBe('en-XA');
  });
  it('the page’s <html lang> when the option is absent', () => {
    document.documentElement.lang = 'vi-VN';
    expect(carried()).toBe('vi-VN');
  });
  it('nothing when both are absent (the journey asks the browser)', () => {
    expect(carried()).toBeNull();
  });
  it('under the one parameter name the widget’s lazy parts read back (LOCALE_QUERY is QUERY.locale)', () => {
    expect(LOCALE_QUERY).toBe(QUERY.locale);
  });
  it('carried canonical (`vi-vn` → `vi-VN`)', () => {
    expect(carried({ locale: 'vi-vn' })).toBe('vi-VN');
    expect(parseJourneyUrl(buildJourneyUrl({ ...base, locale: 'en-xa' }))!.locale).toBe('en-XA');
  });
  it('a page lang that is not BCP 47 is left out (the journey asks the browser)', () => {
    document.documentElement.lang = 'en_US!';
    expect(carried()).toBeNull();
  });
  it('a malformed locale option: warned about by name, then the page’s lang, never a throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      document.documentElement.lang = 'vi';
      expect(carried({ locale: 'en_AU' })).toBe('vi');
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
      expect(String(warn.mock.calls[0]![0])).toMatch(/^hosted-journey: locale "en_AU" is not a BCP 47 language tag/);
      expect(String(warn.mock.calls[0]![0])).toContain('INVALID_LOCALE');
      document.documentElement.lang = '';
      expect(carried({ locale: 42 })).toBeNull();
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
      expect(String(warn.mock.calls[1]![0])).toContain('locale 42 is not');
    } finally {
      warn.mockRestore();
    }
  });
  it('a well-formed tag no catalogue has is carried; the journey falls back by negotiation', () => {
    expect(carried({ locale: 'fr-CA' })).toBe('fr-CA');
    expect(negotiateLocale(['fr-CA', 'fr'])).toBe('en-AU');
  });
});

describe('negotiation at every edge', () => {
  it('the carried tag first, when a shipped locale matches it', () => {
    expect(negotiateLocale(['en-XA', 'en-US'])).toBe('en-XA');
  });
  it('absent or unmatched carried tag: the browser’s languages, in order', () => {
    expect(negotiateLocale([undefined, 'fr-FR', 'en-XA'])).toBe('en-XA');
    expect(negotiateLocale(['pa-IN', 'de', 'en-US'])).toBe('en-AU');
    expect(negotiateLocale(['fr-FR', 'ar-SA', 'en-US'])).toBe('ar');
  });
  it('nothing matches, or nothing is asked: en-AU', () => {
    expect(negotiateLocale(['fr', 'de'])).toBe('en-AU');
    expect(negotiateLocale([])).toBe('en-AU');
  });
  it('matches by language and script; the pseudo-locale only by name', () => {
    expect(matchLocale('en-US')).toBe('en-AU');
    expect(matchLocale('en')).toBe('en-AU');
    expect(matchLocale('EN-xa')).toBe('en-XA');
    expect(matchLocale('en-XA-u-nu-latn')).toBe('en-AU');
    expect(matchLocale('not a tag')).toBeUndefined();
  });
  it('one rule for "English but not the pseudo-locale": the inline path’s test and negotiation agree', () => {
    for (const tag of [
      'en',
      'en-US',
      'en-AU',
      'en-GB',
      'en-XA',
      'en-Latn-AU',
      'fr',
      'enm',
      'en-XA-u-nu-latn',
      'zh-TW',
      'ar',
    ]) {
      expect(ONLY_ENGLISH.test(tag), tag).toBe(matchLocale(tag) === 'en-AU');
    }
  });
  it('the translated locales: Simplified Chinese by script, Arabic and Vietnamese by language', () => {
    expect(matchLocale('zh-CN')).toBe('zh-Hans');
    expect(matchLocale('zh-SG')).toBe('zh-Hans');
    expect(matchLocale('zh')).toBe('zh-Hans');
    expect(matchLocale('zh-hans')).toBe('zh-Hans');
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('ar')).toBe('ar');
    expect(matchLocale('vi-VN')).toBe('vi');
    expect(negotiateLocale([undefined, 'fr-FR', 'vi-VN', 'en-AU'])).toBe('vi');
  });
  it('Traditional Chinese: Taiwan, Hong Kong, Macau and any zh-Hant tag; never Simplified', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-hant', 'zh-Hant-TW', 'zh-Hant-HK', 'zh-Hant-CN'])
      expect(matchLocale(tag), tag).toBe('zh-Hant');
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans-HK', 'zh-Hans-TW'])
      expect(matchLocale(tag), tag).toBe('zh-Hans');
    expect(negotiateLocale([undefined, 'zh-HK', 'en-AU'])).toBe('zh-Hant');
    expect(negotiateLocale(['zh-TW', 'zh-CN'])).toBe('zh-Hant');
  });
});
