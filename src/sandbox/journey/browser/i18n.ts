/**
 * The journey's words: one locale per page load, chosen once (`chooseLocale`) from the URL's `locale` parameter and the
 * browser's languages (src/protocol/locale.ts), and set on `<html lang dir>`. `t(key)` reads that locale's catalogue,
 * falling back per key to en-AU; numbers, dates and durations go through `Intl` in the same locale. en-AU and the
 * pseudo-locale are in the page's bundle; every other catalogue is a file beside it (`journey-words.<locale>.js`),
 * loaded only when chosen, before the page shows a word.
 */
import { JOURNEY_WORDS_GLOBAL, journeyWordsAsset } from '../../../protocol/journey-copy.js';
import { DEFAULT_LOCALE, fill, localeDir, type Locale } from '../../../protocol/locale.js';
import { pseudoCatalogue } from '../../../protocol/pseudo.js';
import { EN_AU, type JourneyKey, type JourneyWords } from './words/en-AU.js';

let locale: Locale = DEFAULT_LOCALE;
const catalogues: Partial<Record<Locale, JourneyWords>> = { 'en-AU': EN_AU, 'en-XA': pseudoCatalogue(EN_AU) };

/** The registered lazy catalogues (each `journey-words.<locale>.js` adds its own). */
const registered = (): Partial<Record<Locale, JourneyWords>> =>
  ((globalThis as Record<string, unknown>)[JOURNEY_WORDS_GLOBAL] ?? {}) as Partial<Record<Locale, JourneyWords>>;

/** Loads `chosen`'s catalogue when it is not in the bundle; resolves either way (a file that fails shows en-AU). */
function loadCatalogue(chosen: Locale, doc: Document): Promise<void> {
  if (catalogues[chosen]) return Promise.resolve();
  return new Promise((resolve) => {
    const el = doc.createElement('script');
    el.src = `/assets/${journeyWordsAsset(chosen)}`;
    el.onload = el.onerror = () => {
      catalogues[chosen] = registered()[chosen] ?? {};
      resolve();
    };
    doc.head.append(el);
  });
}

/** Makes `chosen` the page's locale: its catalogue (loaded first when lazy), `<html lang>` and `dir`. */
export async function chooseLocale(chosen: Locale, doc: Document = document): Promise<void> {
  await loadCatalogue(chosen, doc);
  locale = chosen;
  doc.documentElement.lang = chosen;
  doc.documentElement.dir = localeDir(chosen);
}

export const currentLocale = (): Locale => locale;

/** The text of `key` in the page's locale (en-AU when that locale lacks it), its `{name}` parameters filled. */
export function t(key: JourneyKey, params?: Record<string, string | number>): string {
  return fill(catalogues[locale]?.[key] ?? EN_AU[key], params);
}

/** A count in the page's locale (`1,234`, `١٬٢٣٤`). */
export const formatNumber = (n: number): string => new Intl.NumberFormat(locale).format(n);

/** A number of days as a duration in the page's locale (`90 days`, `90 天`). */
export const formatDays = (days: number): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);

/** A date in the page's locale (`27 November 2026`). */
export const formatDate = (date: Date): string => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
