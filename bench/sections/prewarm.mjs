// Instant open (issue 11): a prewarmed journey's open() → onReady, against a bare <iframe> of the journey started at
// the same moment (its load event), beside the cold figure (createJourney().open() → onReady vs a bare iframe, as in
// the ready section). Interleaved cold/prewarmed pairs, alternating order; figures are medians of per-pair ratios.
import { bareIframeToLoad, prewarmedOpenToReady, widgetToReady } from '../lib/page-runs.mjs';
import { launchChromium, startJourneySandbox, startParentPage } from '../lib/browser.mjs';
import { fmtIqr, fmtMs, fmtRatio, judge, median, percentile, spreadOf } from '../lib/stats.mjs';

export const title = 'Instant open: prewarmed open() → ready (Chromium)';

const RUNS = 30;
const WARM_UP = 3;
const FRAME_MS = 16;

export async function run({ runs = RUNS } = {}) {
  const sandbox = await startJourneySandbox();
  const parent = await startParentPage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(parent.url);
    const origin = sandbox.url;
    const warm = { ready: [], bare: [] };
    const cold = { ready: [], bare: [] };
    for (let i = -WARM_UP; i < runs; i++) {
      const order = i % 2 ? ['cold', 'warm'] : ['warm', 'cold'];
      for (const which of order) {
        const ref = `prewarm_${which}_${i + WARM_UP}`;
        if (which === 'warm') {
          const r = await page.evaluate(prewarmedOpenToReady, { origin, ref });
          if (i >= 0) {
            warm.ready.push(r.ready);
            warm.bare.push(r.bare);
          }
        } else {
          const a = await page.evaluate(widgetToReady, { origin, ref });
          const b = await page.evaluate(bareIframeToLoad, { origin, ref: `${ref}_bare` });
          if (i >= 0) {
            cold.ready.push(a.ready);
            cold.bare.push(b.load);
          }
        }
      }
    }
    const warmRatios = warm.ready.map((x, i) => x / warm.bare[i]);
    const coldRatios = cold.ready.map((x, i) => x / cold.bare[i]);
    const warmMedian = median(warm.ready);
    const warmSpread = spreadOf(warm.ready);
    const row = (label, xs) => [label, fmtMs(median(xs), 1), fmtMs(percentile(xs, 90), 1), fmtMs(Math.min(...xs), 1)];
    return {
      title,
      intro:
        `${runs} prewarmed and ${runs} cold runs after ${WARM_UP} warm-up rounds, interleaved, one Chromium page on http://localhost ` +
        'embedding the sandbox journey (http://127.0.0.1). Prewarmed: createJourney({ prewarm: true }) and wait until the hidden journey is ' +
        'ready; then at one moment t0 call open() and start a bare <iframe> of a fresh journey URL; A = t0 → onReady, B = t0 → the bare ' +
        "iframe's load. Cold: createJourney().open() → onReady, and a bare iframe → load, run one after the other.",
      tables: [
        {
          columns: ['measure', 'median', 'p90', 'min'],
          rows: [
            row('prewarmed: open() → onReady', warm.ready),
            row('bare <iframe> started at open() → load', warm.bare),
            [
              'prewarmed / bare, per pair (median, IQR)',
              fmtIqr(spreadOf(warmRatios)),
              fmtRatio(percentile(warmRatios, 90)),
              fmtRatio(Math.min(...warmRatios)),
            ],
            row('cold: createJourney().open() → onReady', cold.ready),
            row('cold: bare <iframe> → load', cold.bare),
            [
              'cold / bare, per pair (median, IQR)',
              fmtIqr(spreadOf(coldRatios)),
              fmtRatio(percentile(coldRatios, 90)),
              fmtRatio(Math.min(...coldRatios)),
            ],
          ],
        },
      ],
      goals: [
        {
          name: 'prewarmed open() → ready',
          goal: `≤ ${FRAME_MS} ms median (one frame), ≈ 0.3× a bare iframe`,
          figure:
            `${fmtMs(warmMedian, 1)} (IQR ${fmtMs(warmSpread.q1, 1)}–${fmtMs(warmSpread.q3, 1)}; ` +
            `${fmtIqr(spreadOf(warmRatios))}; cold ${fmtIqr(spreadOf(coldRatios))})`,
          met: judge(warmSpread, FRAME_MS, 'at-most'),
          bound:
            'open() reveals the already-ready frame and delivers the held ready synchronously, so A is the time to the ' +
            'onReady call inside open(); the bare iframe in the same run pays the whole network load and parse.',
        },
      ],
      notes: [],
    };
  } finally {
    await browser.close();
    await parent.close();
    await sandbox.close();
  }
}
