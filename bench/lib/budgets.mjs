// One table of the browser bundles' size budgets (gzip -9, KB = 1000 bytes), enforced by bench/size.mjs (npm test)
// and reported as goals by bench/sections/sizes.mjs (npm run bench).
import { LAZY_LOCALES } from '../../scripts/entries.mjs';

const KB = 1000;
/** The widget's lazy catalogues, one part per locale other than en-AU (src/protocol/locale.ts LAZY_LOCALES). */
export const CATALOGUE_LOCALES = [...LAZY_LOCALES];
const CATALOGUE_PARTS = (budget) => Object.fromEntries(CATALOGUE_LOCALES.map((l) => [l, budget]));
export const WIDGET_BUDGETS = {
  /** dist/hosted-journey.iife.js, the script tag: what every script-tag journey loads. */
  iife: 11 * KB,
  /**
   * The inline ES-module fixture (bench/lib/inline.mjs): every chunk an inline mount loads. 9.52, not 9.5: the mount
   * names its lazy chunks by content hash, and a change anywhere in a lazy part (error-view, modal, plain) moved the
   * mount's gzip by ±2 bytes with no byte of its own code changed (9,499 → 9,501 when issue 50 landed).
   */
  inline: 9.52 * KB,
  /**
   * The lazy parts (src/widget/script-parts.ts), each loaded only by the journeys that need it: what its `import()`
   * adds to an inline ES mount (its chunk and the chunks only it needs), by part.
   */
  partChunks: {
    // The modal negotiates its locale as the journey does and loads that locale's catalogue (src/widget/words/load.ts:
    // 0.55 KB of the 8.54 KB measured), so its words are the journey's language; 8.64 KB with the fifth translated
    // locale (zh-Hant) and every English tag sent to en-AU by the inline path's own rule.
    modal: 8.7 * KB,
    prewarm: 0.8 * KB,
    plain: 0.35 * KB,
    // Also says a `locale` that is not a BCP 47 tag is ignored, and the tag meant (`ar_EG` → `ar-EG`), and names
    // `locale` for another tool's `lang`; it reads the options' keys itself, so the inline path carries neither the
    // sentences nor those reads (0.74 KB).
    typos: 0.75 * KB,
    // The error view shows the widget's catalogue (src/widget/words/), never `onError`'s message: its words, the styles
    // it shares with the modal and the same negotiation and loader as the modal's load with it, so none of them sit on
    // the inline path; and the warning that a carried locale is not shipped, naming those that are (1.59 KB).
    'error-view': 1.6 * KB,
    // Each catalogue other than en-AU (src/widget/words/load.ts): its four or five sentences, loaded when negotiated.
    ...CATALOGUE_PARTS(0.3 * KB),
    // The pseudo-locale's is made from en-AU's words in the loader's chunk, which the modal or the error view has
    // always loaded first, but measured here as if alone (1.30 KB).
    'en-XA': 1.4 * KB,
    // Why no journey answered, in words for the developer (no-journey.ts: 0.70 KB), so the inline path carries none.
    'no-journey': 0.8 * KB,
  },
  /** The same parts as the script tag's sibling files, dist/hosted-journey.<part>.js. */
  partScripts: {
    modal: 8.6 * KB,
    prewarm: 1 * KB,
    plain: 0.9 * KB,
    typos: 0.95 * KB,
    // Its words, styles, negotiation, loader and warning, as in partChunks, plus the script build's part loader (1.71 KB).
    'error-view': 1.75 * KB,
    // Its words plus the script build's part wrapper.
    ...CATALOGUE_PARTS(0.5 * KB),
    // The pseudo-locale's words are made from en-AU's, which its file carries (0.62 KB).
    'en-XA': 0.7 * KB,
    'no-journey': 1 * KB,
  },
};
/** Why each part is loaded, for the reports. */
export const PART_WHEN = {
  modal: 'modal mode only (Preact and the overlay)',
  prewarm: 'journeys created with `prewarm` only',
  plain: "`journeyProtocol: 'plain'` only",
  typos: 'an unknown option or data- attribute, or a malformed locale, only',
  'error-view':
    'an inline journey that failed, or a frame in a locale other than en-AU (its name, an unshipped locale), only',
  ...Object.fromEntries(CATALOGUE_LOCALES.map((l) => [l, `a modal, error view or frame name negotiated to ${l} only`])),
  'no-journey': 'a journey that never answered (NO_JOURNEY, READY_TIMEOUT) only',
};
