// Time to ready in Chromium against the sandbox on loopback: createJourney().open() → onReady, beside a bare
// <iframe> of the same journey URL → its load event, and beside the same journey in a second locale (vi: the journey
// loads its catalogue before its first step, the widget its own to name the frame). Interleaved A, B, C in a rotating
// order; the figures are medians of the per-round ratios (robust to drift on a shared machine).
import { bareIframeToLoad, widgetToReady } from '../lib/page-runs.mjs';
import { launchChromium, startJourneySandbox, startParentPage } from '../lib/browser.mjs';
import { fmtIqr, fmtMs, fmtRatio, fmtSpread, judge, median, percentile, spreadOf } from '../lib/stats.mjs';

export const title = 'Time to ready (Chromium)';

const RUNS = 30;
const WARM_UP = 3;
/** The second locale, measured beside en-AU. */
const SECOND = 'vi';
/** Budget of the second locale's time to ready, as a ratio to en-AU's in the same rounds (enforced). */
const SECOND_BUDGET = 1.35;
/**
 * The widget's own share of the time to ready, to a bare iframe's load in the same round: at most a twentieth. Its
 * share is what the widget runs on the integrator's page before onReady beyond placing an iframe, which every embed
 * does (options, messenger, session, resizer, the `welcome` it posts on `hello`, the `ready` it delivers); the rest of
 * open() → ready is the browser loading a cross-site frame and the journey page's boot. A twentieth of the load
 * keeps the widget's part below one frame at 60 Hz for a load of a third of a second, and leaves room for the
 * machine's noise in a figure a few milliseconds wide (issue 49).
 */
const SHARE_GOAL = 0.05;

export async function run({ runs = RUNS } = {}) {
  const sandbox = await startJourneySandbox();
  const parent = await startParentPage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(parent.url);
    const origin = sandbox.url;
    const a = [];
    const b = [];
    const loadInA = [];
    const helloInA = [];
    const loadA = [];
    const bootInA = [];
    const c = [];
    const made = [];
    const opened = [];
    const handlers = [];
    const widget = [];
    const placed = [];
    for (let i = -WARM_UP; i < runs; i++) {
      // Rotate which goes first, so none always follows another's cache effects.
      const order = [
        ['a', 'b', 'c'],
        ['b', 'c', 'a'],
        ['c', 'a', 'b'],
      ][(i + WARM_UP) % 3];
      for (const which of order) {
        const ref = `ready_${which}_${i + WARM_UP}`;
        if (which === 'c') {
          const r = await page.evaluate(widgetToReady, { origin, ref, locale: SECOND });
          if (i >= 0) c.push(r.ready);
        } else if (which === 'a') {
          const r = await page.evaluate(widgetToReady, { origin, ref });
          if (i >= 0) {
            a.push(r.ready);
            loadInA.push(r.ready - r.load);
            helloInA.push(r.hello);
            loadA.push(r.load);
            bootInA.push(r.ready - r.hello);
            made.push(r.made);
            opened.push(r.opened);
            handlers.push(r.handlers);
            widget.push(r.widget);
          }
        } else {
          const r = await page.evaluate(bareIframeToLoad, { origin, ref });
          if (i >= 0) {
            b.push(r.load);
            placed.push(r.placed);
          }
        }
      }
    }
    const ratios = a.map((x, i) => x / b[i]);
    const ratio = median(ratios);
    const ratioSpread = spreadOf(ratios);
    // The widget's own share: its work on the page beyond placing an iframe (B's, same round), to B's load.
    const own = widget.map((x, i) => Math.max(0, x - placed[i]));
    const share = spreadOf(own.map((x, i) => x / b[i]));
    const bootShare = spreadOf(a.map((x, i) => (x - own[i]) / b[i]));
    const loadRatio = median(loadA.map((x, i) => x / b[i]));
    const secondRatios = c.map((x, i) => x / a[i]);
    const second = median(secondRatios);
    const row = (label, xs) => [label, fmtMs(median(xs), 1), fmtMs(percentile(xs, 90), 1), fmtMs(Math.min(...xs), 1)];
    return {
      title,
      intro:
        `${runs} rounds after ${WARM_UP} warm-up rounds, one Chromium page on http://localhost ` +
        "embedding the sandbox's journey page (http://127.0.0.1, another site and renderer process). Each run uses a fresh customer id. " +
        'The widget is bundled from source. A: createJourney({ container }).open() until onReady, in en-AU; B: a bare <iframe> with the same URL until its load event; ' +
        `C: A with locale '${SECOND}' (the journey loads journey-words.${SECOND}.js before its first step; the widget its ${SECOND} catalogue, after the frame is placed, to name it). ` +
        'A, B and C are interleaved in a rotating order.',
      tables: [
        {
          columns: ['measure', 'median', 'p90', 'min'],
          rows: [
            row('A: createJourney().open() → onReady', a),
            row('B: bare <iframe> → load', b),
            row('A: open() → iframe load event', loadA),
            row("A: open() → journey's hello received", helloInA),
            row('A: hello → onReady (journey boot: welcome round trip, first render)', bootInA),
            row('A: iframe load event → onReady', loadInA),
            ['A / B, per pair', fmtRatio(ratio), fmtRatio(percentile(ratios, 90)), fmtRatio(Math.min(...ratios))],
            row("A: the widget's work on the page before onReady (all of the three below)", widget),
            row('A: createJourney() (options, messenger, frame part, watchdogs)', made),
            row('A: open() (session, iframe placed, messenger listening, resizer)', opened),
            row(
              "A: the widget's handling of the journey's messages before onReady (hello → welcome, ready → onReady)",
              handlers,
            ),
            row('B: placing the bare iframe (src set, appended)', placed),
            row("A: the widget's own share (its work beyond placing an iframe)", own),
            [
              "A: the widget's own share / B's load, per round",
              fmtIqr(share),
              fmtRatio(
                percentile(
                  own.map((x, i) => x / b[i]),
                  90,
                ),
              ),
              fmtRatio(share.min),
            ],
            [
              "A: the rest (the browser's frame load and the journey page's boot) / B's load, per round",
              fmtIqr(bootShare),
              '',
              '',
            ],
            ["A's iframe load / B's load, per pair", fmtRatio(loadRatio), '', ''],
            row(`C: createJourney({ locale: '${SECOND}' }).open() → onReady`, c),
            [
              `C / A (${SECOND} / en-AU), per round`,
              fmtRatio(second),
              fmtRatio(percentile(secondRatios, 90)),
              fmtRatio(Math.min(...secondRatios)),
            ],
          ],
        },
      ],
      goals: [
        {
          name: "the widget's own share of the time to ready, to a bare iframe's load",
          goal: `≤ ${SHARE_GOAL.toFixed(2)}×`,
          figure: `${fmtSpread(share)}; median ${fmtMs(median(own), 1)} of ${fmtMs(median(b), 1)}`,
          met: judge(share, SHARE_GOAL, 'at-most'),
          note:
            "The goal is set on the widget's share (issue 49): what it runs on the page beyond placing an iframe " +
            '(createJourney, open(), its handling of hello and ready), which is all the widget controls. Brought to ' +
            "its floor: the resizer no longer posts into the new frame's about:blank before its load (reaching into " +
            "the new frame's window was half of open()'s time, a CPU profile showed), and reads the frame's window " +
            'only for its own messages. The rest of open() → ready is the browser loading a cross-site frame and the ' +
            `journey page's boot, ${fmtIqr(bootShare)} of B; the time to ready to a bare iframe's load, ` +
            `${fmtSpread(ratioSpread)}, is reported above without a goal of its own.`,
        },
        {
          name: "time to ready, widget vs bare iframe (reported; the goal is on the widget's share)",
          goal: '—',
          figure: fmtSpread(ratioSpread),
          met: null,
          reported: true,
          bound:
            `B stops at the load event; A's ready cannot come before the journey has run its script, handshaken and rendered a step: ` +
            `median ${fmtMs(median(bootInA), 1)} from its hello to its ready (${fmtMs(median(loadInA), 1)} after load). The widget's own part is ` +
            `small: it answers hello synchronously and the journey's load event under the widget comes at ${fmtRatio(loadRatio)} of the bare iframe's. ` +
            'Already done in the sandbox journey: the application status travels in the page (no request before the first step), ' +
            "the status request no longer waits for the handshake, and ready is emitted from a layout effect (Preact's useEffect waits a frame). " +
            "What remains is the welcome round trip across two renderer processes and the first Preact render; a bare iframe's load event measures none of that.",
        },
        {
          name: `time to ready in ${SECOND}, to en-AU's`,
          goal: `≤ ${SECOND_BUDGET.toFixed(2)}×`,
          figure: fmtSpread(spreadOf(secondRatios)),
          met: judge(spreadOf(secondRatios), SECOND_BUDGET, 'at-most'),
          enforced: true,
          bound:
            `A second locale adds one script the journey loads before its first step (journey-words.${SECOND}.js) ` +
            "and, off the path to ready, the widget's catalogue and the part that names the frame.",
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
