// One table of the browser bundles' size budgets (gzip -9, KB = 1000 bytes), enforced by bench/size.mjs (npm test)
// and reported as goals by bench/sections/sizes.mjs (npm run bench).
const KB = 1000;
export const WIDGET_BUDGETS = {
  /** dist/hosted-journey.iife.js, the script tag: what every script-tag journey loads. */
  iife: 11 * KB,
  /** The inline ES-module fixture (bench/lib/inline.mjs): every chunk an inline mount loads. */
  inline: 9.5 * KB,
  /**
   * The lazy parts (src/widget/script-parts.ts), each loaded only by the journeys that need it: what its `import()`
   * adds to an inline ES mount (its chunk and the chunks only it needs), by part.
   */
  partChunks: {
    modal: 8 * KB,
    prewarm: 0.8 * KB,
    plain: 0.35 * KB,
    // Also says a `locale` that is not a BCP 47 tag is ignored (0.57 KB), so the inline path carries no such sentence.
    typos: 0.6 * KB,
    // The error view shows the widget's catalogue (src/widget/words/), never `onError`'s message: its words and the
    // styles it shares with the modal load with it (0.70 KB), so none of them sit on the inline path.
    'error-view': 0.8 * KB,
  },
  /** The same parts as the script tag's sibling files, dist/hosted-journey.<part>.js. */
  partScripts: {
    modal: 8 * KB,
    prewarm: 1 * KB,
    plain: 0.9 * KB,
    typos: 0.85 * KB,
    // Its words and styles, as in partChunks, plus the script build's part wrapper (0.78 KB).
    'error-view': 1 * KB,
  },
};
/** Why each part is loaded, for the reports. */
export const PART_WHEN = {
  modal: 'modal mode only (Preact and the overlay)',
  prewarm: 'journeys created with `prewarm` only',
  plain: "`journeyProtocol: 'plain'` only",
  typos: 'an unknown option or data- attribute, or a malformed locale, only',
  'error-view': 'an inline journey that failed only',
};
