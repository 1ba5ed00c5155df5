/**
 * Use case 01: an integrator page on http://127.0.0.1:PORT served with a strict CSP, framing the fixture journey on
 * http://localhost:PORT2 through the built widget (dist/index.js).
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundle, css, html, js, requireDist, serve, type Served } from '../support/serve.js';
import { startFixtureJourney } from '../support/journey-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export const strictCsp = (journeyOrigin: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${journeyOrigin}`;

export interface UseCase {
  page: Served;
  journey: Served;
  /** URL of the integrator page; `?mode=modal` for the modal. */
  url(mode?: 'inline' | 'modal'): string;
  close(): Promise<void>;
}

export async function startUseCase(): Promise<UseCase> {
  requireDist('index.js');
  const journey = await startFixtureJourney();
  const csp = strictCsp(journey.origin);
  const page = await serve({
    '/': {
      ...html(readFileSync(path.join(here, 'index.html'), 'utf8').replace('%JOURNEY_ORIGIN%', journey.origin)),
      headers: { 'content-security-policy': csp },
    },
    '/app.js': js(await bundle(path.join(here, 'app.js'))),
    '/page.css': css(readFileSync(path.join(here, 'page.css'), 'utf8')),
  });
  return {
    page,
    journey,
    url: (mode = 'inline') => `${page.origin}/?mode=${mode}`,
    close: async () => {
      await page.close();
      await journey.close();
    },
  };
}
