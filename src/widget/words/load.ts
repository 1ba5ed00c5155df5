/**
 * The widget's words for a journey: the locale negotiated from the journey's `locale` (the option, else the host
 * page's `<html lang>`, as carried on the journey URL), then the browser's languages, then en-AU — the journey's own
 * negotiation (src/protocol/locale.ts), so the frame around the journey and the journey agree. en-AU is built in; every
 * other locale is a lazy part of its own (`hosted-journey.<locale>.js` beside the script tag's file), loaded only when
 * negotiated. Only the modal and the inline error view read words, and both are lazy parts: none of this is on the
 * inline path. A catalogue that fails to load shows en-AU (the words, `lang` and `dir` together).
 */
import {
  browserLanguages,
  DEFAULT_LOCALE,
  LOCALE_QUERY,
  type LazyLocale,
  type Locale,
  localeDir,
  negotiateLocale,
} from '../../protocol/locale.js';
import { EN_AU, type WidgetCatalogue, type WidgetWords } from './en-AU.js';

// One literal `import()` per locale of the list (the script build turns each into its part): the record's type asks for
// every one.
const LAZY: Record<LazyLocale, () => Promise<{ WORDS: WidgetCatalogue }>> = {
  'en-XA': () => import('./en-XA.js'),
  'zh-Hans': () => import('./zh-Hans.js'),
  'zh-Hant': () => import('./zh-Hant.js'),
  ar: () => import('./ar.js'),
  vi: () => import('./vi.js'),
};

export interface Words {
  lang: Locale;
  dir: 'ltr' | 'rtl';
  words: WidgetWords;
}

const english: Words = { lang: DEFAULT_LOCALE, dir: 'ltr', words: EN_AU };

/**
 * The locale of the journey in `iframe`: negotiated from the `locale` its URL carries (absent when it carries none),
 * then the browser's languages.
 */
export const frameLocale = (iframe: HTMLIFrameElement): Locale =>
  negotiateLocale([carriedLocale(iframe.src), ...browserLanguages()]);

/** The words of `lang`, loading its catalogue unless it is en-AU. */
export async function loadWords(lang: Locale): Promise<Words> {
  if (lang === DEFAULT_LOCALE) return english;
  try {
    const { WORDS } = await LAZY[lang]();
    return { lang, dir: localeDir(lang), words: { ...EN_AU, ...WORDS } };
  } catch {
    return english;
  }
}

/** The words of the journey in `iframe` (`frameLocale`). */
export const frameWords = (iframe: HTMLIFrameElement): Promise<Words> => loadWords(frameLocale(iframe));

/** The `locale` a journey URL carries (`null` when absent or not a URL). */
export function carriedLocale(src: string): string | null {
  try {
    return new URL(src).searchParams.get(LOCALE_QUERY);
  } catch {
    return null;
  }
}
