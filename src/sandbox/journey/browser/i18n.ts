/**
 * The journey's words: one locale per page load, chosen once (`chooseLocale`) from the URL's `locale` parameter and the
 * browser's languages (src/protocol/locale.ts), and set on `<html lang dir>`. `t(key)` reads that locale's catalogue,
 * falling back per key to en-AU; numbers, dates and durations go through `Intl` in the same locale.
 */
import { DEFAULT_LOCALE, fill, localeDir, type Locale } from '../../../protocol/locale.js';
import { CATALOGUES } from './words/index.js';
import { EN_AU, type JourneyKey } from './words/en-AU.js';

let locale: Locale = DEFAULT_LOCALE;

/** Makes `chosen` the page's locale: its catalogue, `<html lang>` and `dir`. */
export function chooseLocale(chosen: Locale, doc: Document = document): void {
  locale = chosen;
  doc.documentElement.lang = chosen;
  doc.documentElement.dir = localeDir(chosen);
}

export const currentLocale = (): Locale => locale;

/** The text of `key` in the page's locale (en-AU when that locale lacks it), its `{name}` parameters filled. */
export function t(key: JourneyKey, params?: Record<string, string | number>): string {
  return fill(CATALOGUES[locale][key] ?? EN_AU[key], params);
}

/** A count in the page's locale (`1,234`, `١٬٢٣٤`). */
export const formatNumber = (n: number): string => new Intl.NumberFormat(locale).format(n);

/** A number of days as a duration in the page's locale (`90 days`, `90 天`). */
export const formatDays = (days: number): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);

/** A date in the page's locale (`27 November 2026`). */
export const formatDate = (date: Date): string => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
