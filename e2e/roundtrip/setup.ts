/**
 * Two origins: the real sandbox (journey pages, fake bank, journey API) on 127.0.0.1 and an integrator page on
 * localhost that loads the built IIFE (dist/hosted-journey.iife.js; run `node scripts/build.mjs` first).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { startTestSandbox, type TestSandbox } from '../../test/support/sandbox.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { scriptTagRoutes } from '../support/script-files.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface RoundTrip {
  sandbox: TestSandbox;
  integrator: StaticServer;
  /** The integrator page for customer `ref`. */
  page(ref: string, strategy?: 'popup' | 'redirect'): string;
  close(): Promise<void>;
}

export async function startRoundTrip(): Promise<RoundTrip> {
  const sandbox = await startTestSandbox();
  const app = await readFile(path.join(here, 'integrator.js'));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Apply</title></head>
<body data-journey="${sandbox.url}"><h1>Apply for a loan</h1><div id="journey"></div>
<script src="/hosted-journey.iife.js"></script><script src="/integrator.js"></script></body></html>`;
  const integrator = await startStaticServer({
    host: 'localhost',
    routes: {
      '/apply': { body: html, type: 'text/html; charset=utf-8' },
      ...scriptTagRoutes(),
      '/integrator.js': { body: app },
    },
  });
  return {
    sandbox,
    integrator,
    page: (ref, strategy = 'popup') => `${integrator.url}/apply?ref=${ref}&strategy=${strategy}`,
    close: async () => {
      await integrator.close();
      await sandbox.close();
    },
  };
}

export const journeyFrame = (page: Page) => page.frameLocator('#journey iframe');
export const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: [string, any][] }).__events);
export const bankPhases = async (page: Page) => (await events(page)).filter(([k]) => k === 'bank').map(([, e]) => e);

/** In the journey frame: details, then the bank step of the deep-linked CDR-only bank, up to the button that opens the bank. */
export async function toBankButton(page: Page): Promise<void> {
  const frame = journeyFrame(page);
  // Details (prefilled by the handshake) → the bank's page → the consent step.
  await expect(frame.getByLabel('Email')).toHaveValue('alex@example.com');
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(frame.getByRole('heading', { name: 'CDR-only Bank' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(frame.getByRole('button', { name: 'Continue to CDR-only Bank' })).toBeVisible();
}

/**
 * How a blocked popup is simulated: an init script that, in the journey's frame only, makes `window.open` return
 * null — exactly what a popup blocker does.
 */
export async function blockPopups(page: Page, journeyOrigin: string): Promise<void> {
  await page.addInitScript((origin) => {
    if (location.origin === origin) window.open = () => null;
  }, journeyOrigin);
}
