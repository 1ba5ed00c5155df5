/**
 * Continue on the bank step always leads on, however early it is clicked: on the demo's SPA page (the widget's modal)
 * against the sandbox, one journey picks Crawler Credit Union twenty times and clicks Continue as soon as it shows —
 * on odd rounds through Playwright the moment the button is in the DOM, on even rounds with the mouse where the button
 * first appeared, once the modal has taken the bank step's height. Every time the journey says `institution_selected`
 * and the crawler's login shows. Then "Choose another bank" leads back to the list for the next round.
 * The bank step is shorter than the bank list, so the journey frame shrinks a moment after the step shows. The modal's
 * card keeps its top, so Continue stays where it first showed; a card centred on the page would carry it down, away
 * from under the pointer, and the click (Playwright's own too, on a loaded machine) would land on the words above it.
 */
import { expect, test } from '@playwright/test';
import { startStack, walkToBanks, type Stack } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const ROUNDS = 20;
const FRAME = '.hosted-journey-dialog iframe';
const MIN_HEIGHT = 400; // the widget's default minHeight: a shorter step leaves its frame this tall

test('Continue on the bank step always leads on, however early it is clicked', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const w = window as unknown as { __selected: number };
    w.__selected = 0;
    document.addEventListener('hosted-journey:institution_selected', () => w.__selected++);
  });
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#prefill').selectOption('sam');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  const frameEl = page.locator(FRAME);
  const frame = page.frameLocator(FRAME);
  await walkToBanks(frame);

  const selected = () => page.evaluate(() => (window as unknown as { __selected: number }).__selected);
  // The resizer has answered: the frame is as tall as the journey's document (or its minimum height).
  const settled = () =>
    expect
      .poll(async () => {
        const content = await frame.locator('html').evaluate((html) => html.getBoundingClientRect().height);
        return Math.abs((await frameEl.boundingBox())!.height - Math.max(content, MIN_HEIGHT));
      })
      .toBeLessThanOrEqual(1);
  const bank = frame.getByRole('button', { name: /Crawler Credit Union/ });
  const cont = frame.getByRole('button', { name: 'Continue' });
  for (let round = 1; round <= ROUNDS; round++) {
    await settled();
    if (round % 2) {
      // Both clicks are sent at once: the second waits only until Continue is in the DOM and clickable.
      await Promise.all([bank.click(), cont.click()]);
    } else {
      const at = (await frameEl.boundingBox())!; // the bank list's frame, where the bank step first paints
      await bank.click();
      const shown = await cont.evaluate((b) => b.getBoundingClientRect().toJSON() as DOMRect);
      await settled();
      await page.mouse.click(at.x + shown.x + shown.width / 2, at.y + shown.y + shown.height / 2);
    }
    await expect(frame.getByLabel(/Username/), `round ${round}`).toBeVisible();
    await expect.poll(selected, { message: `institution_selected, round ${round}` }).toBe(round);
    await frame.getByRole('button', { name: 'Choose another bank' }).click();
  }
});
