/**
 * The NO_JOURNEY specs' clock: the page's timers run on Playwright's clock (`page.clock.install()` before the page
 * loads; time still flows by itself), and once the journey frame has loaded the clock is run `NO_JOURNEY_MS` forward, so
 * the widget's silence watchdog fires in milliseconds of real time, and every timer due meanwhile (the resizer's asks)
 * fires too, in order.
 */
import { expect, type Page } from '@playwright/test';
import { NO_JOURNEY_MS } from '../../src/widget/journey.js';

/**
 * For the page's own script, before it mounts the journey: counts the `load` of every frame. A capturing listener on the
 * document (a frame's load never reaches the window) runs in the same dispatch as the widget's own, which starts the
 * watchdog.
 */
export const COUNT_FRAME_LOADS = `
window.__frameLoads = 0;
document.addEventListener('load', (e) => { if (e.target instanceof HTMLIFrameElement) window.__frameLoads++; }, true);
`;

/** Waits for the page's `loads`-th frame load, then runs its clock through the silence watchdog's `NO_JOURNEY_MS`. */
export async function runThroughSilence(page: Page, loads = 1): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __frameLoads: number }).__frameLoads), { intervals: [50] })
    .toBeGreaterThanOrEqual(loads);
  await page.clock.runFor(NO_JOURNEY_MS);
}
