// @vitest-environment happy-dom
// Negotiation, source by source: the widget carries its `locale` option, else the host page's <html lang>, as the
// journey URL's `locale`; the journey then takes that tag, then the browser's languages, then en-AU, the first that a
// shipped locale matches. Each source is tried present and absent; a tag that is not BCP 47 is carried as given, never
// thrown, and the journey reads past it.
import { afterEach, describe, expect, it } from 'vitest';
import { matchLocale, negotiateLocale } from '../../src/protocol/locale.js';
import { buildJourneyUrl, parseJourneyUrl } from '../../src/protocol/url.js';
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
  it('a tag that is not BCP 47 never throws; the journey reads past it (no locale: the browser’s languages)', () => {
    document.documentElement.lang = 'en_US!';
    expect(carried()).toBe('en_US!');
    expect(parseJourneyUrl(buildJourneyUrl({ ...base, locale: 'not a tag' }))!.locale).toBeUndefined();
  });
  it('the journey reads it back canonical', () => {
    expect(parseJourneyUrl(buildJourneyUrl({ ...base, locale: 'en-xa' }))!.locale).toBe('en-XA');
  });
});

describe('negotiation at every edge', () => {
  it('the carried tag first, when a shipped locale matches it', () => {
    expect(negotiateLocale(['en-XA', 'en-US'])).toBe('en-XA');
  });
  it('absent or unmatched carried tag: the browser’s languages, in order', () => {
    expect(negotiateLocale([undefined, 'fr-FR', 'en-XA'])).toBe('en-XA');
    expect(negotiateLocale(['pa-IN', 'de', 'en-US'])).toBe('en-AU');
  });
  it('nothing matches, or nothing is asked: en-AU', () => {
    expect(negotiateLocale(['fr', 'de'])).toBe('en-AU');
    expect(negotiateLocale([])).toBe('en-AU');
  });
  it('matches by language and script; the pseudo-locale only by name', () => {
    expect(matchLocale('en-US')).toBe('en-AU');
    expect(matchLocale('EN-xa')).toBe('en-XA');
    expect(matchLocale('zh-TW')).toBeUndefined();
    expect(matchLocale('not a tag')).toBeUndefined();
  });
});
