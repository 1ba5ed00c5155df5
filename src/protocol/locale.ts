/**
 * Which language the customer reads [ours]: the shipped locales and the one negotiation every edge runs (the widget's
 * parts, the journey, the sandbox's bank pages), so the frame around the journey and the journey never disagree.
 * The widget carries the integrator's `locale`, or the host page's `<html lang>`, to the journey as the `locale`
 * query parameter (`QUERY.locale`); each edge then negotiates over that tag, then the browser's languages, then
 * `DEFAULT_LOCALE`.
 *
 * `LOCALES` is the one list of what ships: every catalogue (the widget's, the journey's, the bank pages', the shared
 * consent copy) is a record keyed by it, and the build, the packages, the size budgets and the tests derive their
 * lists from it (scripts/entries.mjs reads it). A new locale is one entry here plus its catalogues.
 */
import { ONLY_ENGLISH } from './english.js';

/**
 * The journey URL's `locale` parameter, as `QUERY.locale` (url/types.ts; a test keeps the two equal). Spelled here too
 * so the widget's lazy parts read it from a frame's URL without the URL module (on the inline path) in their chunk.
 */
export const LOCALE_QUERY = 'locale';

/**
 * The shipped locales. `en-AU` is complete and built in everywhere; `en-XA` is the pseudo-locale for tests (accented,
 * about 40 % longer, src/protocol/pseudo.ts), only asked for by name; the others are translated in full, and their
 * catalogues load only when negotiated (the widget's lazy parts, the journey's `journey-words.<locale>.js`).
 * `zh-Hant` (Traditional Chinese) is what Taiwan, Hong Kong and Macau read, Cantonese speakers included.
 */
export const LOCALES = ['en-AU', 'en-XA', 'zh-Hans', 'zh-Hant', 'ar', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
/** A shipped locale, as the widget's `locale` option offers it (the public name of `Locale`). */
export type ShippedLocale = Locale;

/** The locale every catalogue is complete in; a key missing elsewhere falls back to it. */
export const DEFAULT_LOCALE = 'en-AU' satisfies Locale;
/** The pseudo-locale: only its own name asks for it; every other English tag is `DEFAULT_LOCALE`'s. */
export const PSEUDO_LOCALE = 'en-XA' satisfies Locale;

/** Every locale but en-AU: each catalogue a file of its own (the widget's parts), loaded only when negotiated. */
export type LazyLocale = Exclude<Locale, typeof DEFAULT_LOCALE>;
export const LAZY_LOCALES: readonly LazyLocale[] = /* @__PURE__ */ LOCALES.filter(
  (l): l is LazyLocale => l !== DEFAULT_LOCALE,
);
/** The locales translated by hand: every one but en-AU and the pseudo-locale (made from en-AU's words). */
export type TranslatedLocale = Exclude<LazyLocale, typeof PSEUDO_LOCALE>;
export const TRANSLATED_LOCALES: readonly TranslatedLocale[] = /* @__PURE__ */ LAZY_LOCALES.filter(
  (l): l is TranslatedLocale => l !== PSEUDO_LOCALE,
);

/** Languages written right to left, by language subtag (of those a browser may ask for). */
const RTL = /^(ar|he|fa|ur|ps|sd|yi|dv|ug|ckb)(-|$)/i;

/**
 * The shipped locale a BCP 47 tag asks for, or `undefined`: an exact match, then English (`ONLY_ENGLISH`) to en-AU,
 * else the same language and script (`zh-CN` and `zh-SG` → `zh-Hans`; `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant-*` →
 * `zh-Hant`, as `Intl.Locale#maximize` adds each region's script). A tag that is not BCP 47 matches nothing.
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  let asked: Intl.Locale;
  try {
    asked = new Intl.Locale(tag!).maximize(); // throws for '', null and undefined too
  } catch {
    return undefined;
  }
  return (
    LOCALES.find((l) => l.toLowerCase() === tag!.toLowerCase()) ??
    (ONLY_ENGLISH.test(String(asked))
      ? DEFAULT_LOCALE
      : LOCALES.find((l) => {
          const have = new Intl.Locale(l).maximize();
          return have.language === asked.language && have.script === asked.script;
        }))
  );
}

/**
 * Negotiation: the first of `asked` (the journey's `locale` parameter or the widget's option, then the browser's
 * languages, in order) that a shipped locale matches; `DEFAULT_LOCALE` when none does.
 */
export function negotiateLocale(asked: ReadonlyArray<string | null | undefined>): Locale {
  for (const tag of asked) {
    const hit = matchLocale(tag);
    if (hit) return hit;
  }
  return DEFAULT_LOCALE;
}

/** `rtl` for a language written right to left, else `ltr`. */
export function localeDir(tag: string): 'ltr' | 'rtl' {
  return RTL.test(tag) ? 'rtl' : 'ltr';
}

/** The browser's languages, most preferred first (`[]` outside a browser). */
export function browserLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}

/** Fills `{name}` parameters of a catalogue's text; an unknown parameter stays as written. */
export function fill(text: string, params?: Record<string, string | number>): string {
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
}
