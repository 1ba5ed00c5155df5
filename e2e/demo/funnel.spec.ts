/**
 * The journey on the server, in a real browser: a customer opens the journey on the demo's SPA page, reaches the
 * bank's consent (CDR-only Bank), and closes the tab. Nothing in the page reports it; once 10 minutes pass on the
 * sandbox's clock the service's record says `abandoned` at `bank_authorisation`, under the widget's own session id and
 * trace id. The demo's funnel page then draws that session, readable on a 375 px phone: the funnel and the session's
 * timeline, nothing wider than the screen.
 */
import { expect, test } from '@playwright/test';
import { createClient } from '../../src/server/index.js';
import { DEFAULT_TOKENS } from '../../src/sandbox/index.js';
import { advanceClock } from '../../src/sandbox/testing/index.js';
import { startStack, walkToBanks, type Stack } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const token = DEFAULT_TOKENS[0]!;

test('a tab closed at the bank step is an abandoned session, with the widget’s ids, drawn on the funnel page', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __session: { sessionId: string; traceId: string } | undefined };
    document.addEventListener('hosted-journey:step', (e) => {
      const { sessionId, traceId } = (e as CustomEvent).detail;
      w.__session = { sessionId, traceId };
    });
  });
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#prefill').selectOption('sam');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  const frame = page.frameLocator('.hosted-journey-dialog iframe');
  await walkToBanks(frame);
  await frame.getByRole('button', { name: /CDR-only Bank/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await expect(frame.getByRole('heading', { name: 'Connect CDR-only Bank' })).toBeVisible();
  const ids = await page.evaluate(
    () => (window as unknown as { __session: { sessionId: string; traceId: string } }).__session,
  );
  await context.close(); // the customer closes the tab at the bank's consent

  const client = createClient({ baseUrl: stack.sandbox.url, tokenId: token.tokenId, signingSecret: token.secret });
  const target = { url: stack.sandbox.url, token: { id: token.tokenId, secret: token.secret } };
  await expect
    .poll(async () => (await client.getJourneySession({ id: ids.sessionId })).last_step)
    .toBe('bank_authorisation');
  expect((await client.getJourneySession({ id: ids.sessionId })).outcome).toBe('in_progress');
  await advanceClock(target, '10m');
  const session = await client.getJourneySession({ id: ids.sessionId });
  expect(session).toMatchObject({
    session_id: ids.sessionId,
    trace_id: ids.traceId,
    outcome: 'abandoned',
    last_step: 'bank_authorisation',
    institution: { id: 'cdr-only-bank', pathway: 'cdr' },
  });

  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await phone.goto(`${stack.demo.url}/funnel.html?session=${ids.sessionId}`);
  const funnel = phone.locator('svg.funnel');
  await expect(funnel).toBeVisible();
  expect((await funnel.boundingBox())!.width).toBeLessThanOrEqual(375);
  await expect(phone.getByRole('region', { name: 'Session timeline' })).toContainText('bank_authorisation');
  await expect(phone.getByRole('region', { name: 'Session timeline' })).toContainText('abandoned');
  await expect(phone.locator('.sessions-by-bank')).toContainText('CDR-only Bank');
  // Nothing wider than the phone: the page does not scroll sideways.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The funnel's labels stay readable: at least 11 px as drawn.
  const label = await funnel.locator('text').first().boundingBox();
  expect(label!.height).toBeGreaterThanOrEqual(11);
  await phone.close();
});
