// One table of the browser bundles' size budgets (gzip -9, KB = 1000 bytes), enforced by bench/size.mjs (npm test)
// and reported as goals by bench/sections/sizes.mjs (npm run bench).
const KB = 1000;
export const WIDGET_BUDGETS = {
  /**
   * dist/hosted-journey.iife.js, the script tag. The goal is 11 KB; this budget holds today's 11.45 KB (phone sheet
   * hooks, in-app detection, plain protocol, NO_JOURNEY view, typo warnings) so it cannot drift further.
   */
  iife: 11.5 * KB,
  /**
   * The inline ES-module fixture (bench/lib/inline.mjs): every chunk an inline mount loads. The goal is 9.5 KB; this
   * budget holds today's 9.52 KB.
   */
  inline: 9.6 * KB,
  /** dist/hosted-journey.modal.js, the script tag's modal UI (Preact included). */
  modalScript: 8 * KB,
  /** The ES modal chunk an integrator's bundler splits off (Preact included). */
  modalChunk: 8 * KB,
  /** The prewarm chunk, loaded only by a journey created with `prewarm`. */
  prewarm: 0.8 * KB,
};
