/**
 * The script tag's files as an integrator serves them: dist/hosted-journey.iife.js and its lazy parts'
 * sibling files (dist/hosted-journey.<part>.js, scripts/entries.mjs), as routes for static-server.ts under `prefix`.
 * Needs dist/ (`node scripts/build.mjs iife`). `omit` leaves parts out, to test a deployment that forgot one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptPartEntries } from '../../scripts/entries.mjs';
import type { StaticRoutes } from './static-server.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const JS = 'text/javascript; charset=utf-8';

/** Every part's file name, `hosted-journey.<part>.js`. */
export const PART_FILES = Object.keys(scriptPartEntries).map((part) => `hosted-journey.${part}.js`);

export function scriptTagRoutes(prefix = '/', omit: string[] = []): StaticRoutes {
  const routes: StaticRoutes = {};
  for (const file of ['hosted-journey.iife.js', ...PART_FILES]) {
    if (omit.some((part) => file === `hosted-journey.${part}.js`)) continue;
    routes[prefix + file] = { body: readFileSync(path.join(DIST, file)), type: JS };
  }
  return routes;
}
