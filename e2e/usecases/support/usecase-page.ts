/**
 * Serves one numbered use case: its `index.html` (with `%JOURNEY_ORIGIN%` filled in), its `app.js` bundled against the
 * built package, and `page.css`, on 127.0.0.1 under a strict CSP, framing the fixture journey on localhost.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { bundle, css, html, js, requireDist, serve, type Served } from './serve.js';
import { startFixtureJourney } from './journey-server.js';

export interface UseCasePage {
  page: Served;
  journey: Served;
  /** The integrator page's URL, with an optional query string. */
  url(query?: string): string;
  close(): Promise<void>;
}

export async function startUseCasePage(dir: string): Promise<UseCasePage> {
  requireDist('index.js');
  const journey = await startFixtureJourney();
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${journey.origin}`;
  const index = readFileSync(path.join(dir, 'index.html'), 'utf8').replace('%JOURNEY_ORIGIN%', journey.origin);
  const page = await serve({
    '/': { ...html(index), headers: { 'content-security-policy': csp } },
    '/app.js': js(await bundle(path.join(dir, 'app.js'))),
    '/page.css': css(readFileSync(path.join(dir, '../01-strict-csp/page.css'), 'utf8')),
  });
  return {
    page,
    journey,
    url: (query = '') => `${page.origin}/${query}`,
    close: async () => {
      await page.close();
      await journey.close();
    },
  };
}
