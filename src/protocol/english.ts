/**
 * Tags only en-AU answers (locale.ts): English, but not the pseudo-locale `en-XA`, which only its own name asks for
 * (`en`, `en-US`, `en-AU`; never `en-XA`), in canonical case (`Intl.getCanonicalLocales`). `matchLocale` sends every
 * such tag to en-AU; the widget's inline path tests it to load nothing more for an English journey, so it is a module
 * of its own: the inline bundle carries this line, not the locale list and its negotiation.
 */
export const ONLY_ENGLISH = /^en\b(?!-XA$)/;
