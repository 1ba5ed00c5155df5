// Use case 03: two inline journeys from one origin on one page. Each widget hears only its own iframe: resizing,
// steps and completion of one never reach the other, and neither reports an invalid message.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startUseCasePage, type UseCasePage } from '../support/usecase-page.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let uc: UseCasePage;
test.beforeAll(async () => {
  uc = await startUseCasePage(here);
});
test.afterAll(async () => {
  await uc?.close();
});

type Logged = { type: string; payload: unknown };
const events = (page: Page, key: 'a' | 'b') =>
  page.evaluate((k) => (window as unknown as { __journeyEvents: Record<string, Logged[]> }).__journeyEvents[k]!, key);
const types = async (page: Page, key: 'a' | 'b') => (await events(page, key)).map((e) => e.type);

test('each iframe loads its own customer and both handshakes complete', async ({ page }) => {
  await page.goto(uc.url());
  await expect(page.locator('#journey-a iframe')).toHaveAttribute(
    'src',
    new RegExp(`^${uc.journey.origin}/i/acme/cust_joint_a\\?`),
  );
  await expect(page.locator('#journey-b iframe')).toHaveAttribute(
    'src',
    new RegExp(`^${uc.journey.origin}/i/acme/cust_joint_b\\?`),
  );
  await expect.poll(() => types(page, 'a')).toEqual(['ready']);
  await expect.poll(() => types(page, 'b')).toEqual(['ready']);
});

test('growing and finishing journey B changes only B', async ({ page }) => {
  await page.goto(uc.url());
  await expect.poll(() => types(page, 'a')).toContain('ready');
  await expect.poll(() => types(page, 'b')).toContain('ready');
  const a = page.locator('#journey-a iframe');
  const b = page.locator('#journey-b iframe');
  const heightA = (await a.boundingBox())!.height;
  const heightB = (await b.boundingBox())!.height;

  await page.frameLocator('#journey-b iframe').locator('#grow').click();
  await expect.poll(async () => (await b.boundingBox())!.height).toBeGreaterThan(heightB + 200);
  await expect.poll(() => types(page, 'b')).toContain('step');
  await page.frameLocator('#journey-b iframe').locator('#finish').click();
  await expect.poll(() => types(page, 'b')).toContain('completed');

  expect((await a.boundingBox())!.height).toBe(heightA);
  expect(await types(page, 'a')).toEqual(['ready']);
  expect([...(await types(page, 'a')), ...(await types(page, 'b'))]).not.toContain('invalid_message');
});

test('finishing A then B: each widget reports exactly one completion', async ({ page }) => {
  await page.goto(uc.url());
  await expect.poll(() => types(page, 'a')).toContain('ready');
  await expect.poll(() => types(page, 'b')).toContain('ready');
  await page.frameLocator('#journey-a iframe').locator('#finish').click();
  await expect.poll(() => types(page, 'a')).toContain('completed');
  await page.frameLocator('#journey-b iframe').locator('#finish').click();
  await expect.poll(() => types(page, 'b')).toContain('completed');
  expect((await types(page, 'a')).filter((t) => t === 'completed')).toHaveLength(1);
  expect((await types(page, 'b')).filter((t) => t === 'completed')).toHaveLength(1);
});
