/**
 * Serves the fixture journey on `localhost` (a different origin from the integrator pages on 127.0.0.1) under its own
 * strict CSP, at the URL shape the widget builds: `/i/{vendor}/{customerId}[/deep-link]`.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundle, css, html, js, serve, type Route, type Served } from './serve.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const JOURNEY_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors http://127.0.0.1:*";

const page: Route = {
  ...html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><script src="/csp-probe.js"></script><title>Fixture journey</title><link rel="stylesheet" href="/journey.css"></head>
<body><script type="module" src="/journey.js"></script></body>
</html>`),
  headers: { 'content-security-policy': JOURNEY_CSP },
};

let script: Promise<string> | undefined;

/** Starts the fixture journey; its origin is the `journeyOrigin` to give the widget. */
export async function startFixtureJourney(): Promise<Served> {
  script ??= bundle(path.join(here, 'fixture-journey.ts'));
  const routes = {
    '/journey.js': js(await script),
    '/csp-probe.js': js(readFileSync(path.join(here, 'csp-probe.js'), 'utf8')),
    '/journey.css': css(readFileSync(path.join(here, 'fixture-journey.css'), 'utf8')),
  };
  return serve(routes, 'localhost', (pathname) => (pathname.startsWith('/i/') ? page : undefined));
}
