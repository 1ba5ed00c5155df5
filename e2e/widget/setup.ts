/**
 * Three origins for the widget specs: the integrator (127.0.0.1:P1, serving the built IIFE), the fixture journey
 * (localhost:P2, built on src/child) and a third origin (127.0.0.1:P3) that posts look-alike messages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startStaticServer, type StaticRoutes, type StaticServer } from '../support/static-server.js';
import { PART_FILES, scriptTagRoutes } from '../support/script-files.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = path.join(ROOT, 'e2e/fixtures');
const IIFE = path.join(ROOT, 'dist/hosted-journey.iife.js');
const JS = 'text/javascript; charset=utf-8';
/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface Origins {
  integrator: StaticServer;
  journey: StaticServer;
  third: StaticServer;
  close(): Promise<void>;
}

const page = (body: string) => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>integrator</title></head><body>${body}</body></html>`,
  type: 'text/html; charset=utf-8',
});

export async function startOrigins(): Promise<Origins> {
  if (!existsSync(IIFE))
    throw new Error('dist/hosted-journey.iife.js is missing: run `node scripts/build.mjs iife` first');
  const bundled = await build({
    entryPoints: [path.join(FIXTURES, 'journey.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    logLevel: 'silent',
  });
  const journeyJs = { body: bundled.outputFiles[0]!.text, type: 'text/javascript; charset=utf-8' };
  const forger = {
    '/forger.html': { body: readFileSync(path.join(FIXTURES, 'forger.html')), type: 'text/html; charset=utf-8' },
    '/forger.js': { body: readFileSync(path.join(FIXTURES, 'forger.js')), type: 'text/javascript; charset=utf-8' },
  };
  const journey = await startStaticServer({
    host: 'localhost',
    routes: {
      ...forger,
      '/journey.js': journeyJs,
      '/i/acme/cust_1': page('<script type="module" src="/journey.js"></script>'),
      '/i/acme/silent': page('<script type="module" src="/journey.js"></script>'),
      '/i/acme/cust_2': page('<script type="module" src="/journey.js"></script>'),
    },
  });
  // The third origin also serves what markup injected into the integrator's page would point at: an image, and a
  // decoy of every script part that marks the page when it runs (`window.__decoys`).
  const decoys: StaticRoutes = { '/x.png': { body: PNG, type: 'image/png' } };
  for (const file of PART_FILES)
    decoys[`/${file}`] = { body: `(window.__decoys = window.__decoys || []).push(${JSON.stringify(file)});`, type: JS };
  const third = await startStaticServer({ host: '127.0.0.1', routes: { ...forger, ...decoys } });
  const iife = readFileSync(IIFE);
  const scriptTagAttrs = `data-vendor="acme" data-customer-id="cust_1" data-container="#journey" data-journey-origin="${journey.url}" data-full-name="Alex Citizen" data-email="alex@example.com" data-primary-colour="#0B5FFF"`;
  const tag = (attrs: string, before = '') =>
    page(`${before}<div id="journey"></div><script src="/hosted-journey.iife.js" ${attrs}></script>`);
  const integrator = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/hosted-journey.iife.js': { body: iife, type: 'text/javascript; charset=utf-8' },
      // Loaded by the script build from next to itself when a journey needs them (the modal, prewarm, …).
      ...scriptTagRoutes(),
      '/index.html': page(
        '<button id="opener">Connect bank</button><div id="journey"></div><div id="journey2"></div><script src="/hosted-journey.iife.js"></script>',
      ),
      '/script-tag.html': tag(scriptTagAttrs),
      // The same page with e2e/fixtures/probe.js first (listener count, DOM events), for e2e/engines.
      '/script-tag-probed.html': tag(scriptTagAttrs, '<script src="/probe.js"></script>'),
      '/probe.js': { body: readFileSync(path.join(FIXTURES, 'probe.js')), type: 'text/javascript; charset=utf-8' },
      // Markup ahead of the tag whose name shadows document.currentScript, pointing at the third origin, with a misspelt
      // data- attribute (so the typo warning's part would load with no click); the tag itself has a typo too.
      '/script-tag-clobbered.html': tag(
        `${scriptTagAttrs} data-primery-colour="#0B5FFF"`,
        `<img name="currentScript" alt="" src="${third.url}/x.png" data-vendor="acme" data-vendr="acme">`,
      ),
      '/script-tag-bad.html': tag(
        `data-vendor="acme" data-customer-id="cust_1" data-container="#journey" data-journey-origin="${journey.url}" data-primary-colour="red"`,
      ),
    },
  });
  return {
    integrator,
    journey,
    third,
    close: async () => {
      await Promise.all([integrator.close(), journey.close(), third.close()]);
    },
  };
}
