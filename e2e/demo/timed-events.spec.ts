/**
 * Timed widget events in a real journey: the demo's SPA page (ES module, modal) against the sandbox, crawler pathway to
 * `completed`. On the integrator's side, every DOM event detail and every `onEvent` payload (the page logs it as JSON)
 * says when it happened (`at`, within the test's own clock window), how long after `open()` (`sinceOpenMs`, ≥ 0, never
 * decreasing, `at - sinceOpenMs` the one open instant within the 2 ms that whole milliseconds of the wall and the
 * monotonic clock allow), and each move to another step which step it left and for how long.
 */
import { expect, test } from '@playwright/test';
import { DOM_EVENT_TYPES } from '../support/stamped.js';
import { startStack, walkToBanks, type Stack } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const TYPES = [...DOM_EVENT_TYPES, 'invalid_message'];

interface Timed {
  step?: string;
  at: number;
  sinceOpenMs: number;
  previousStep?: string;
  previousStepMs?: number;
}

test('every event of a real journey is stamped; steps chain with previousStep and previousStepMs', async ({ page }) => {
  // Recorded from before any page script runs: every hosted-journey DOM event reaching the document, in order.
  await page.addInitScript((types) => {
    const w = window as unknown as { __events: Array<[string, unknown]> };
    w.__events = [];
    for (const t of types)
      document.addEventListener(`hosted-journey:${t}`, (e) => w.__events.push([t, (e as CustomEvent).detail]));
  }, TYPES);
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#prefill').selectOption('sam');
  const before = Date.now();
  await page.getByRole('button', { name: 'Connect bank account' }).click();

  const frame = page.frameLocator('iframe');
  await walkToBanks(frame);
  await frame.getByRole('button', { name: /Crawler Credit Union/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByLabel(/Username/).fill('otp');
  await frame.getByLabel('Password').fill('otp');
  await frame.getByRole('button', { name: 'Log in securely' }).click();
  await frame.getByLabel('One-time code').fill('123456');
  await frame.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.locator('#log li[data-kind="journey"][data-type="completed"]')).toHaveCount(1, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Close', exact: true }).click(); // exit user_closed, raised by the widget
  await expect(page.locator('iframe')).toHaveCount(0);
  const after = Date.now();

  const events = await page.evaluate(() => (window as unknown as { __events: Array<[string, Timed]> }).__events);
  const types = events.map(([t]) => t);
  expect(types[0]).toBe('ready');
  expect(types).toEqual(expect.arrayContaining(['step', 'institution_selected', 'released', 'completed']));
  expect(types.at(-1)).toBe('exit');

  // One open(): every event counts from the same instant, inside the test's window; time only moves forward.
  const opened = events[0]![1].at - events[0]![1].sinceOpenMs;
  expect(opened).toBeGreaterThanOrEqual(before);
  let last = { at: opened, sinceOpenMs: 0 };
  for (const [type, e] of events) {
    expect(Number.isInteger(e.at), type).toBe(true);
    expect(e.at, type).toBeGreaterThanOrEqual(before);
    expect(e.at, type).toBeLessThanOrEqual(after);
    expect(e.sinceOpenMs, type).toBeGreaterThanOrEqual(0);
    // `at` is the wall clock, `sinceOpenMs` the monotonic one, each whole milliseconds: they agree within 2 ms.
    expect(Math.abs(e.at - e.sinceOpenMs - opened), type).toBeLessThanOrEqual(2);
    expect(e.at, type).toBeGreaterThanOrEqual(last.at);
    expect(e.sinceOpenMs, type).toBeGreaterThanOrEqual(last.sinceOpenMs);
    last = e;
  }

  // The funnel: each move to another step names the step before it (ready's is the first) and the time spent there,
  // from the moment that step was entered; a step repeating the current one (the sandbox says `ready` and `step` for
  // its first screen) is no move and says neither.
  const steps = events.filter(([t]) => t === 'ready' || t === 'step').map(([, e]) => e);
  expect(steps[0]).not.toHaveProperty('previousStep');
  let on = steps[0]!;
  const moves: string[] = [];
  for (const e of steps.slice(1)) {
    if (e.step === on.step) {
      expect(e, e.step).not.toHaveProperty('previousStep');
      expect(e, e.step).not.toHaveProperty('previousStepMs');
      continue;
    }
    expect(e.previousStep, e.step).toBe(on.step);
    expect(e.previousStepMs, e.step).toBeGreaterThanOrEqual(0);
    expect(Math.abs(e.previousStepMs! - (e.at - on.at)), e.step).toBeLessThanOrEqual(2);
    moves.push(`${e.previousStep}→${e.step}`);
    on = e;
  }
  expect(moves.slice(0, 4)).toEqual(['terms→details', 'details→mygov', 'mygov→banks', 'banks→bank']);
  expect(moves.at(-1)).toBe('retrieving→done');
  // Real time passed on the steps the customer filled in.
  expect(steps.reduce((n, e) => n + (e.previousStepMs ?? 0), 0)).toBeGreaterThan(0);

  // The page's onEvent got the same stamped payloads (it logs each as JSON; newest first). `exit` user_closed is the
  // widget's own, so not an onEvent.
  const logged = await page.locator('#log li[data-kind="journey"]').evaluateAll((lis) =>
    lis
      .reverse()
      .filter((l) => !(l as HTMLElement).dataset.type!.startsWith('bank '))
      .map((l) => [(l as HTMLElement).dataset.type, JSON.parse(l.querySelector('.p')!.textContent!)]),
  );
  // The log leaves out the session's ids (the same on every event).
  const unlogged = new Set(['sessionId', 'traceId', 'traceparent']);
  const expected = events
    .filter(([t]) => t !== 'exit' && t !== 'invalid_message')
    .map(([t, p]) => [t, Object.fromEntries(Object.entries(p as object).filter(([k]) => !unlogged.has(k)))]);
  expect(logged).toEqual(expected);
});
