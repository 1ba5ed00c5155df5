// One table of the browser bundles' size budgets (gzip -9, KB = 1000 bytes), enforced by bench/size.mjs (npm test)
// and reported as goals by bench/sections/sizes.mjs (npm run bench).
const KB = 1000;
export const WIDGET_BUDGETS = {
  /** dist/hosted-journey.iife.js, the script tag. */
  iife: 11 * KB,
  /** The inline ES-module fixture (bench/lib/inline.mjs): every chunk an inline mount loads. */
  inline: 9.5 * KB,
  /** dist/hosted-journey.modal.js, the script tag's modal UI (Preact included). */
  modalScript: 8 * KB,
  /** The ES modal chunk an integrator's bundler splits off (Preact included). */
  modalChunk: 8 * KB,
  /** The prewarm chunk, loaded only by a journey created with `prewarm`. */
  prewarm: 0.8 * KB,
};
