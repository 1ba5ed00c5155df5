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
  /** URL of the integrator page; `?mode=modal` for the modal. `probed`: the page that loads support/csp-probe.js first. */
  url(mode?: 'inline' | 'modal', probed?: boolean): string;
  close(): Promise<void>;
}

export async function startUseCase(): Promise<UseCase> {
  requireDist('index.js');
  const journey = await startFixtureJourney();
  const csp = strictCsp(journey.origin);
  const index = readFileSync(path.join(here, 'index.html'), 'utf8').replace('%JOURNEY_ORIGIN%', journey.origin);
  const page = await serve({
    '/': { ...html(index), headers: { 'content-security-policy': csp } },
    // The same page with the violation recorder as its first script, for engines without init scripts (e2e/engines).
    '/probed': {
      ...html(
        index.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n  <script src="/csp-probe.js"></script>'),
      ),
      headers: { 'content-security-policy': csp },
    },
    '/csp-probe.js': js(readFileSync(path.join(here, '../support/csp-probe.js'), 'utf8')),
    '/app.js': js(await bundle(path.join(here, 'app.js'))),
    '/page.css': css(readFileSync(path.join(here, 'page.css'), 'utf8')),
  });
  return {
    page,
    journey,
    url: (mode = 'inline', probed = false) => `${page.origin}/${probed ? 'probed' : ''}?mode=${mode}`,
    close: async () => {
      await page.close();
      await journey.close();
    },
  };
}
