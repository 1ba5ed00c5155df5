import { expect, test, type Page } from '@playwright/test';
import { recordViolations, violations } from '../support/csp.js';
import { startUseCase, type UseCase } from './setup.js';
import { stamped } from '../../support/stamped.js';

let uc: UseCase;
test.beforeAll(async () => {
  uc = await startUseCase();
});
test.afterAll(async () => {
  await uc?.close();
});

type Logged = { type: string; payload: Record<string, unknown> };
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journeyEvents: Logged[] }).__journeyEvents);
const eventTypes = async (page: Page) => (await events(page)).map((e) => e.type);

async function refusedInConsole(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
});

test('the page is really served with the strict CSP, and the detector sees a violation', async ({ page }) => {
  const response = await page.goto(uc.url());
  expect(response!.headers()['content-security-policy']).toBe(
    `default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${uc.journey.origin}`,
  );
  // Control: what a widget must never do (a style attribute from markup) is reported.
  await page.evaluate(() => {
    const div = document.createElement('div');
    div.innerHTML = '<span style="color: red">x</span>';
    document.body.append(div);
  });
  await expect.poll(async () => (await violations(page)).map((v) => v.directive)).toContain('style-src-attr');
});

test('inline: mounts, resizes and completes with zero CSP violations', async ({ page }) => {
  const refused = await refusedInConsole(page);
  await page.goto(uc.url('inline'));
  const iframe = page.locator('#journey iframe');
  await expect(iframe).toHaveAttribute('title', 'Connect your bank account');
  await expect(iframe).toHaveAttribute('src', new RegExp(`^${uc.journey.origin}/i/acme/cust_csp_01\\?`));
  await expect.poll(() => eventTypes(page)).toContain('ready');

  const before = (await iframe.boundingBox())!.height;
  const frame = page.frameLocator('#journey iframe');
  await frame.locator('#grow').click();
  await expect.poll(async () => (await iframe.boundingBox())!.height).toBeGreaterThan(before + 200);
  await expect.poll(() => eventTypes(page)).toContain('step');

  await frame.locator('#finish').click();
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === 'completed')?.payload)
    .toEqual(stamped({ applicationId: 'app_fixture_1' }));
  expect(await eventTypes(page)).not.toContain('invalid_message');
  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);
});

test('modal: opens from a click, resizes, completes with zero CSP violations', async ({ page }) => {
  const refused = await refusedInConsole(page);
  await page.goto(uc.url('modal'));
  await page.getByRole('button', { name: 'Connect your bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your bank account' });
  await expect(dialog).toBeVisible();
  const iframe = dialog.locator('iframe');
  await expect.poll(() => eventTypes(page)).toContain('ready');
  await expect(iframe).toBeVisible();

  const before = (await iframe.boundingBox())!.height;
  const frame = page.frameLocator('.hosted-journey-dialog iframe');
  await frame.locator('#grow').click();
  await expect.poll(async () => (await iframe.boundingBox())!.height).toBeGreaterThan(before + 200);

  await frame.locator('#finish').click();
  await expect.poll(() => eventTypes(page)).toContain('completed');
  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);
});
