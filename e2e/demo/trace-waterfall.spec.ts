/**
 * HOSTED_JOURNEY_TRACE=1 in the demo: a customer's journey on the SPA page (crawler pathway, to the report), then its
 * application page. The waterfall there holds one trace — the trace id every widget event carried — with rows from
 * the page, the widget, Lendly's server, the sandbox and Lendly's webhook handler, in time order, each nested under
 * the span that caused it (the sandbox's profile span inside Lendly's client call, the handler's `process` span inside
 * the sandbox's `send`). Nothing on it or in the JSON it is drawn from is a secret, a signature, a body or a datum
 * about the customer.
 * The pictures in docs/observability.md come from here: `UPDATE_SCREENSHOTS=1 npx playwright test
 * e2e/demo/trace-waterfall.spec.ts` writes docs/images/trace-waterfall-{start,report}.png (while that page shows
 * them); other runs write them to test-results/, so test runs never rewrite tracked files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEFAULT_TOKENS } from '../../src/sandbox/index.js';
import { startStack, type Stack, waitForReport, walkToBanks } from './stack.js';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack({ tracing: true });
});
test.afterAll(async () => {
  await stack?.close();
});

const ALEX = { fullName: 'Alex Citizen', email: 'alex@example.com', phone: '+61 400 000 000' };

interface Row {
  n: number;
  service: string;
  name: string;
  within?: number;
  start: number;
}

const rowsOf = (page: Page) =>
  page.locator('#trace table.waterfall tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const el = tr as HTMLElement;
      const within = el.querySelector('.wf-in')?.textContent?.replace('in #', '');
      return {
        n: Number(el.querySelector('.wf-num')!.textContent),
        service: el.dataset.service!,
        name: el.querySelector('.wf-name > span')!.textContent!,
        ...(within ? { within: Number(within) } : {}),
        start: Number(el.dataset.start),
      };
    }),
  );

/** The customer's journey on the SPA page, by the crawler (demo/demo), to `completed`; resolves with the ref. */
async function journey(page: Page): Promise<{ ref: string; traceIds: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __traceIds: string[] };
    w.__traceIds = [];
    for (const t of ['ready', 'step', 'completed'])
      document.addEventListener(`hosted-journey:${t}`, (e) =>
        w.__traceIds.push((e as CustomEvent<{ traceId: string }>).detail.traceId),
      );
  });
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#theme').selectOption('none');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  // `Application <ref>`, the ref linking to its page, until the journey completes.
  const ref = (await page.locator('#start-status a').textContent())!;
  const frame = page.frameLocator('iframe');
  await walkToBanks(frame);
  await frame.getByRole('button', { name: /Crawler Credit Union/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByLabel(/Username/).fill('demo');
  await frame.getByLabel('Password').fill('demo');
  await frame.getByRole('button', { name: 'Log in securely' }).click();
  await expect(page.locator('#log li[data-kind="journey"][data-type="completed"]')).toHaveCount(1, { timeout: 20_000 });
  const traceIds = await page.evaluate(() => (window as unknown as { __traceIds: string[] }).__traceIds);
  return { ref, traceIds };
}

test("the application page draws the journey's one trace: page, widget, server, sandbox and handler, in time order", async ({
  page,
}) => {
  const { ref, traceIds } = await journey(page);
  expect(new Set(traceIds).size).toBe(1);
  await waitForReport(stack, ref);

  await page.goto(`${stack.demo.url}/applications/${ref}`);
  const trace = page.locator('#trace');
  // Rows arrive as spans end: the report's delivery is among the last.
  await expect(trace.getByRole('cell', { name: /^process application\.report_ready/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(trace.locator('table.waterfall')).toHaveCount(1);
  await expect(trace.locator('table.waterfall')).toHaveAttribute('data-trace-id', traceIds[0]!);
  await expect(trace.locator('caption')).toContainText(traceIds[0]!);

  const rows: Row[] = await rowsOf(page);
  expect(new Set(rows.map((r) => r.service))).toEqual(new Set(['page', 'widget', 'demo server', 'sandbox', 'handler']));
  // In time order, numbered as drawn.
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]!.start, `${rows[i]!.name} after ${rows[i - 1]!.name}`).toBeGreaterThanOrEqual(rows[i - 1]!.start);
    expect(rows[i]!.n).toBe(i + 1);
  }
  const find = (service: string, name: string | RegExp) =>
    rows.find((r) => r.service === service && (typeof name === 'string' ? r.name === name : name.test(r.name)));
  const click = find('page', 'click Connect bank account');
  expect(rows[0]).toEqual(click);
  for (const type of ['ready', 'step', 'institution_selected', 'released', 'completed'])
    expect(find('widget', type)?.within, type).toBe(click!.n);
  const start = find('demo server', 'POST /api/applications')!;
  expect(start.within).toBe(click!.n);
  const startCall = find('demo server', 'POST /api/v1/{vendor}/{ref}/profile')!;
  expect(startCall.within).toBe(start.n);
  expect(rows.find((r) => r.service === 'sandbox' && r.within === startCall.n)?.name).toBe(
    'POST /api/v1/{vendor}/{ref}/profile',
  );
  // The journey's own calls are children of the click: the widget's session joined the page's trace.
  expect(
    rows.some((r) => r.service === 'sandbox' && r.name.startsWith('POST /journey-api/') && r.within === click!.n),
  ).toBe(true);
  // A delivery: create → send → the handler's process span, and Lendly's finalise inside the crawl's.
  const crawled = rows.find((r) => r.service === 'handler' && r.name === 'process crawl.completed')!;
  expect(rows.find((r) => r.n === crawled.within)?.name).toBe('send crawl.completed');
  expect(find('demo server', 'POST /api/v1/{vendor}/{ref}/finalise')?.within).toBe(crawled.n);
  const report = rows.find((r) => r.service === 'handler' && r.name === 'process application.report_ready')!;
  expect(rows.find((r) => r.n === report.within)?.service).toBe('sandbox');
});

test('nothing secret or personal is on the waterfall or in the trace it is drawn from', async ({ page }) => {
  await page.goto(`${stack.demo.url}/spa.html`);
  await page.locator('#prefill').selectOption('alex');
  await page.locator('#theme').selectOption('none');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  // `Application <ref>`, the ref linking to its page, until the journey completes.
  const ref = (await page.locator('#start-status a').textContent())!;
  const frame = page.frameLocator('iframe');
  await walkToBanks(frame);
  await frame.getByRole('button', { name: /Crawler Credit Union/ }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByLabel(/Username/).fill('demo');
  await frame.getByLabel('Password').fill('demo');
  await frame.getByRole('button', { name: 'Log in securely' }).click();
  await expect(page.locator('#log li[data-kind="journey"][data-type="completed"]')).toHaveCount(1, { timeout: 20_000 });
  await waitForReport(stack, ref);
  const app = stack.demo.store.get(ref)!;
  const bundle = (await (await page.request.get(`${stack.demo.url}/api/applications/${ref}/bundle.json`)).json()) as {
    transactions: { description: string; transaction_id: string }[];
  };

  await page.goto(`${stack.demo.url}/applications/${ref}`);
  await expect(
    page
      .locator('#trace')
      .getByRole('cell', { name: /^process application\.report_ready/ })
      .first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  const shown = await page.locator('#trace').innerHTML();
  const served = await (await page.request.get(`${stack.demo.url}/api/applications/${ref}/trace`)).text();
  const forbidden = [
    DEFAULT_SECRET,
    ALEX.fullName,
    ALEX.email,
    ALEX.phone,
    ref,
    app.applicationId!,
    ...bundle.transactions.slice(0, 5).flatMap((t) => [t.description, t.transaction_id]),
    'HMAC ', // an Authorization header's scheme
    'v1,', // a Standard Webhooks signature
    'Bearer',
    '"event_id"', // a webhook body
    '"full_name"', // a request body
  ];
  for (const value of forbidden) {
    expect(shown.includes(value), `on the page: ${value}`).toBe(false);
    expect(served.includes(value), `in /trace: ${value}`).toBe(false);
  }
});

const DEFAULT_SECRET = DEFAULT_TOKENS[0]!.secret;

/** Where a picture goes: docs/images/ when updating and docs/observability.md shows it, else test-results/. */
const pictureOut = (name: string) => {
  const shown = readFileSync('docs/observability.md', 'utf8').includes(`(images/${name})`);
  return path.resolve(process.env.UPDATE_SCREENSHOTS && shown ? 'docs/images' : 'test-results/screenshots', name);
};

test("the start and the end of a journey's waterfall, for docs/observability.md", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const { ref } = await journey(page);
  await waitForReport(stack, ref);
  await page.goto(`${stack.demo.url}/applications/${ref}`);
  const card = page.locator('.trace-card');
  const row = (name: RegExp) => card.locator('tbody tr').filter({ has: page.getByRole('cell', { name }) });
  await expect(row(/^process application\.report_ready/).first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  // Two pictures of at most 100 KB each (docs/images' limit): a whole journey's trace is some 60 rows.
  const between = async (top: Locator, bottom: Locator) => {
    const [a, b, c] = [(await top.boundingBox())!, (await bottom.boundingBox())!, (await card.boundingBox())!];
    return { x: c.x, y: a.y, width: c.width, height: b.y + b.height - a.y };
  };
  await page.screenshot({
    path: pictureOut('trace-waterfall-start.png'),
    clip: await between(card.locator('caption'), card.locator('tbody tr[data-service="handler"]').first()),
    fullPage: true,
    animations: 'disabled',
  });
  await page.screenshot({
    path: pictureOut('trace-waterfall-report.png'),
    clip: await between(
      row(/^POST \/api\/v1\/{vendor}\/{ref}\/finalise/).first(),
      row(/^process application\.report_ready/).first(),
    ),
    fullPage: true,
    animations: 'disabled',
  });
});
