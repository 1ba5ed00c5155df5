/**
 * The customer's wall clock steps back an hour while the journey is open (NTP, a manual change; Playwright's
 * `page.clock.setSystemTime` moves `Date` and leaves the monotonic clock alone, as the OS does). `at` follows the
 * wall clock; `sinceOpenMs` and `previousStepMs` are durations and stay the time that really passed. Built IIFE,
 * fixture journey (e2e/widget/setup.ts).
 */
import { expect, test } from '@playwright/test';
import { startOrigins, type Origins } from './setup.js';

let o: Origins;
test.beforeAll(async () => {
  o = await startOrigins();
});
test.afterAll(async () => {
  await o?.close();
});

interface Stamped {
  step: string;
  at: number;
  sinceOpenMs: number;
  previousStep?: string;
  previousStepMs?: number;
}
type W = Window & { HostedJourney: any; __steps: Stamped[]; __j: { state: string } };

test('a wall clock stepped back an hour after open(): sinceOpenMs and previousStepMs stay the time that passed, never negative', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(`${o.integrator.url}/index.html`);
  const opened = await page.evaluate((journeyOrigin) => {
    const w = window as unknown as W;
    w.__steps = [];
    const rec = (p: Stamped) => w.__steps.push(p);
    w.__j = w.HostedJourney.createJourney({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin,
      container: '#journey',
      onReady: rec,
      onStep: rec,
    });
    (w.__j as unknown as { open(): void }).open();
    return Date.now();
  }, o.journey.url);
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__steps.length)).toBe(1);
  await page.clock.setSystemTime(opened - 3_600_000);
  await page.frameLocator('#journey iframe').locator('#emit-step').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__steps.length)).toBe(2);
  const [ready, step] = await page.evaluate(() => (window as unknown as W).__steps);
  expect(step!.step).toBe('banks');
  expect(step!.at).toBeLessThan(opened - 3_500_000); // the page's clock did step back
  expect(step!.previousStep).toBe(ready!.step);
  expect(step!.sinceOpenMs).toBeGreaterThanOrEqual(ready!.sinceOpenMs);
  expect(step!.sinceOpenMs).toBeLessThan(60_000);
  expect(step!.previousStepMs).toBeGreaterThanOrEqual(0);
  expect(step!.previousStepMs).toBeLessThanOrEqual(step!.sinceOpenMs);
});
