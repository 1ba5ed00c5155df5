/**
 * Records every `securitypolicyviolation` in every frame, from before any page script runs (an init script is
 * injected by the browser, outside the page's CSP). Read with `violations(page)`. The recorder is csp-probe.js, which
 * pages for engines without init scripts load as their first script instead (e2e/engines).
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export interface Violation {
  frame: string;
  directive: string;
  blockedURI: string;
  sample: string;
}

export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript({ path: fileURLToPath(new URL('./csp-probe.js', import.meta.url)) });
}

/** Violations seen so far in the page and each of its frames (cross-origin frames included). */
export async function violations(page: Page): Promise<Violation[]> {
  const all: Violation[] = [];
  for (const frame of page.frames()) {
    const found = await frame
      .evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [])
      .catch(() => []);
    all.push(...found);
  }
  return all;
}
