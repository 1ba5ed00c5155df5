// How opening several journeys on one page scales: 1 → 20 widgets opened at once against the sandbox, time until
// every one is ready, and memory (Chromium's proportional set size over all its processes, and the page's JS heap).
import { chromiumPssKiB, launchChromium, startJourneySandbox, startParentPage } from '../lib/browser.mjs';
import { closeMany, openMany } from '../lib/page-runs.mjs';
import { fmtMs, median } from '../lib/stats.mjs';

export const title = 'Journeys on one page';

export const COUNTS = [1, 2, 5, 10, 20];
const REPEATS = 3;

export async function run({ counts = COUNTS, repeats = REPEATS } = {}) {
  const sandbox = await startJourneySandbox();
  const parent = await startParentPage();
  const browser = await launchChromium();
  try {
    const rows = [];
    await (async () => {
      // warm-up: assets cached, JIT warm
      const page = await browser.newPage();
      await page.goto(parent.url);
      await page.evaluate(openMany, { origin: sandbox.url, n: 2, prefix: 'warm' });
      await page.close();
    })();
    for (const n of counts) {
      const times = [];
      const pss = [];
      const heap = [];
      for (let r = 0; r < repeats; r++) {
        const page = await browser.newPage();
        const cdp = await page.context().newCDPSession(page);
        await page.goto(parent.url);
        await new Promise((res) => setTimeout(res, 200));
        await cdp.send('HeapProfiler.collectGarbage');
        const before = chromiumPssKiB();
        const heap0 = (await cdp.send('Runtime.getHeapUsage')).usedSize;
        times.push(await page.evaluate(openMany, { origin: sandbox.url, n, prefix: `j${n}_${r}` }));
        await new Promise((res) => setTimeout(res, 200)); // let the resizers settle before sampling memory
        pss.push(chromiumPssKiB() - before);
        await cdp.send('HeapProfiler.collectGarbage');
        heap.push((await cdp.send('Runtime.getHeapUsage')).usedSize - heap0);
        await page.evaluate(closeMany);
        await page.close();
      }
      const t = median(times);
      const mem = median(pss);
      rows.push([
        String(n),
        fmtMs(t, 0),
        fmtMs(t / n, 1),
        `${(mem / 1024).toFixed(1)} MiB`,
        `${(mem / 1024 / n).toFixed(1)} MiB`,
        `${(median(heap) / 1024).toFixed(0)} KiB`,
      ]);
    }
    return {
      title,
      intro:
        `N inline journeys (each its own customer id) opened in one task on a fresh page; median of ${repeats} repeats. ` +
        'Memory: growth of the proportional set size summed over every Chromium process (journey frames live in their own renderer ' +
        "process, cross-site), and growth of the integrator page's own JS heap (CDP Runtime.getHeapUsage).",
      tables: [
        {
          columns: [
            'journeys',
            'time to all ready',
            'per journey',
            'Chromium memory growth (PSS)',
            'per journey',
            'integrator page JS heap growth',
          ],
          rows,
        },
      ],
      goals: [],
      notes: [
        'No goal is set for this table; it shows how the cost grows. Journeys share one renderer process for the journey site, so memory grows by less than a process per journey.',
      ],
    };
  } finally {
    await browser.close();
    await parent.close();
    await sandbox.close();
  }
}
