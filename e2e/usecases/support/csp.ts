/**
 * Records every `securitypolicyviolation` in every frame, from before any page script runs (an init script is
 * injected by the browser, outside the page's CSP). Read with `violations(page)`.
 */
import type { Page } from '@playwright/test';

export interface Violation {
  frame: string;
  directive: string;
  blockedURI: string;
  sample: string;
}

export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => {
      list.push({ frame: location.origin, directive: e.effectiveDirective, blockedURI: e.blockedURI, sample: e.sample });
    });
  });
}

/** Violations seen so far in the page and each of its frames (cross-origin frames included). */
export async function violations(page: Page): Promise<Violation[]> {
  const all: Violation[] = [];
  for (const frame of page.frames()) {
    const found = await frame.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []).catch(() => []);
    all.push(...found);
  }
  return all;
}
