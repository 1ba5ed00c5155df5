/**
 * Which language the customer reads [ours]: the shipped locales and the one negotiation every edge runs (the widget's
 * parts, the journey, the sandbox's bank pages), so the frame around the journey and the journey never disagree.
 * The widget carries the integrator's `locale`, or the host page's `<html lang>`, to the journey as the `locale`
 * query parameter (`QUERY.locale`); each edge then negotiates over that tag, then the browser's languages, then
 * `DEFAULT_LOCALE`.
 */

/**
 * The journey URL's `locale` parameter, as `QUERY.locale` (url/types.ts; a test keeps the two equal). Spelled here too
 * so the widget's lazy parts read it from a frame's URL without the URL module (on the inline path) in their chunk.
 */
export const LOCALE_QUERY = 'locale';

/** The locale every catalogue is complete in; a key missing elsewhere falls back to it. */
export const DEFAULT_LOCALE = 'en-AU';

/**
 * The shipped locales. `en-XA` is the pseudo-locale for tests (accented, about 40 % longer, src/protocol/pseudo.ts):
 * only asked for by name, never matched from another English tag. `zh-Hans`, `ar` and `vi` are translated in full;
 * their catalogues load only when negotiated (the widget's lazy parts, the journey's `journey-words.<locale>.js`).
 */
export const LOCALES = ['en-AU', 'en-XA', 'zh-Hans', 'ar', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];

/** Languages written right to left, by language subtag (of those a browser may ask for). */
const RTL = /^(ar|he|fa|ur|ps|sd|yi|dv|ug|ckb)(-|$)/i;

/**
 * The shipped locale a BCP 47 tag asks for, or `undefined`: an exact match, else the same language and script
 * (`en-US` → `en-AU`; a locale shipped as `zh-Hans` would take `zh-CN` and `zh-SG`, never `zh-TW`). A tag that is not
 * BCP 47 matches nothing.
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
    LOCALES.find((l) => {
      const have = new Intl.Locale(l).maximize();
      return l !== 'en-XA' && have.language === asked.language && have.script === asked.script;
    })
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
