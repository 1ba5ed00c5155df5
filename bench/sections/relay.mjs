// Event relay latency: journey `emit` → the integrator's callback, across two origins and two renderer processes.
// Each event carries its send time as performance.timeOrigin + performance.now() of the journey frame; the parent
// subtracts its own (each frame has its own time origin, so raw performance.now() values cannot be compared).
import { launchChromium, startParentPage, startRelayJourney } from '../lib/browser.mjs';
import { relay } from '../lib/page-runs.mjs';
import { fmtMs, median, percentile } from '../lib/stats.mjs';

export const title = 'Event relay latency (Chromium)';

const N = 1000;

export async function run({ n = N } = {}) {
  const journey = await startRelayJourney();
  const parent = await startParentPage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(parent.url);
    await page.evaluate(relay, { origin: journey.url, mode: 'paced', n: 50, run: 0 }); // warm-up
    const paced = await page.evaluate(relay, { origin: journey.url, mode: 'paced', n, run: 1 });
    const burst = await page.evaluate(relay, { origin: journey.url, mode: 'burst', n, run: 1 });
    const row = (label, r) => [
      label,
      String(r.latencies.length),
      fmtMs(median(r.latencies), 3),
      fmtMs(percentile(r.latencies, 99), 3),
      fmtMs(Math.max(...r.latencies), 3),
      String(r.invalid),
    ];
    const med = median(paced.latencies);
    return {
      title,
      intro:
        `A fixture journey page (bench/fixtures/relay-journey.js, built on src/child) on http://127.0.0.1 emits \`step\` events to the ` +
        'widget on http://localhost; latency = receive time − send time, both as timeOrigin + now() of their own frame. ' +
        '"paced": one event per task (about 1 ms apart), the latency an integrator sees; "burst": all events posted in one task, so later ones queue behind earlier ones.',
      tables: [
        {
          columns: ['mode', 'events', 'median', 'p99', 'max', 'refused as invalid'],
          rows: [row('paced', paced), row('burst', burst)],
        },
      ],
      goals: [
        {
          name: 'relay latency, median (paced)',
          goal: '< 1 ms',
          figure: fmtMs(med, 3),
          met: med < 1,
          bound:
            'cross-process postMessage (serialisation, IPC between renderer processes, a task in the parent), plus decoding and validating the envelope and payload',
        },
      ],
      notes: [],
    };
  } finally {
    await browser.close();
    await parent.close();
    await journey.close();
  }
}
