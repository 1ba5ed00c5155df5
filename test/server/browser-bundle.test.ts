// hosted-journey-server bundled the way an integrator's tools bundle it, through the built package's exports map
// (dist/packages/hosted-journey-server, linked into a temporary project): a browser app (esbuild for the browser,
// Vite's client build) gets a module that throws at import saying the signing secret would be public; a Fetch-API
// runtime (esbuild with the conditions wrangler and the edge runtimes set, `browser` among them) gets the Web Crypto
// build, which signs a request and verifies a webhook. Needs `node scripts/build.mjs` first (npm test builds).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '../support/events.js';
import { VECTOR, VECTOR_SIGNATURE } from '../support/signing-vector.js';

const PACKAGE = path.resolve('dist/packages/hosted-journey-server');
const PUBLIC_SECRET = /in a browser bundle the signing secret would be public/;
let project: string;

beforeAll(() => {
  if (!existsSync(path.join(PACKAGE, 'package.json')))
    throw new Error(`${PACKAGE} is missing: run node scripts/build.mjs first`);
  project = mkdtempSync(path.join(tmpdir(), 'hj-server-bundle-'));
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(PACKAGE, path.join(project, 'node_modules/hosted-journey-server'), 'dir');
  writeFileSync(
    path.join(project, 'app.js'),
    `import { createClient, signRequest, verifyWebhookSignature } from 'hosted-journey-server';
import { signWebhook } from 'hosted-journey-server/testing';
export { createClient, signRequest, signWebhook, verifyWebhookSignature };
`,
  );
});
afterAll(() => project && rmSync(project, { recursive: true, force: true }));

/** Bundles app.js with esbuild (dependencies bundled, as a browser or worker build does); the output file. */
async function bundle(name: string, options: { platform: 'browser' | 'neutral'; conditions?: string[] }) {
  const outfile = path.join(project, `${name}.mjs`);
  await build({
    entryPoints: [path.join(project, 'app.js')],
    absWorkingDir: project,
    bundle: true,
    format: 'esm',
    outfile,
    logLevel: 'silent',
    mainFields: ['module', 'main'],
    external: ['redis'],
    ...options,
  });
  return outfile;
}
const load = (file: string) => import(pathToFileURL(file).href);

describe('hosted-journey-server in a browser bundle', () => {
  it('esbuild for the browser: the bundle throws at import, saying the signing secret would be public', async () => {
    const error = await load(await bundle('browser', { platform: 'browser' })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ServerConfigError', code: 'BROWSER_BUNDLE' });
    expect((error as Error).message).toMatch(PUBLIC_SECRET);
    expect((error as Error).message).toMatch(/worker, workerd, edge-light, deno, bun.*hosted-journey-server\/web/);
  });

  it("Vite's client build (the `browser` condition, package sideEffects: false) keeps the throw", async () => {
    const outDir = path.join(project, 'vite-out');
    await viteBuild({
      root: project,
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir,
        minify: false,
        rollupOptions: {
          input: path.join(project, 'app.js'),
          preserveEntrySignatures: 'exports-only',
          output: { format: 'es', entryFileNames: 'app.mjs' },
        },
      },
    });
    await expect(load(path.join(outDir, 'app.mjs'))).rejects.toThrow(PUBLIC_SECRET);
  });
});

describe.each([
  ['workerd', 'worker', 'browser'], // wrangler (Cloudflare Workers)
  ['worker', 'browser'],
  ['edge-light', 'browser'], // Vercel's edge runtime
])('hosted-journey-server bundled for a Fetch-API runtime (conditions %s, %s…)', (...conditions) => {
  it('resolves the Web Crypto build, which signs a request and verifies a webhook', async () => {
    const file = await bundle(`fetch-${conditions[0]}`, { platform: 'neutral', conditions });
    expect(readFileSync(file, 'utf8')).not.toMatch(/node:crypto|BROWSER_BUNDLE/);
    const server = await load(file);
    const headers = await server.signRequest(VECTOR);
    // The pinned vector (computed by Python's hmac).
    expect(headers.authorization).toBe(`HMAC tok_123:${VECTOR_SIGNATURE}`);
    const payload = event('evt_edge_1', 'application.completed', new Date().toISOString());
    const keys = [{ tokenId: 'wh_1', secret: 'edge_secret' }];
    const signed = await server.signWebhook({ payload, ...keys[0], path: '/webhooks' });
    const verified = await server.verifyWebhookSignature({ ...signed, path: '/webhooks', keys });
    expect(verified).toMatchObject({ tokenId: 'wh_1', payload: { event_id: 'evt_edge_1' } });
    await expect(
      server.verifyWebhookSignature({ ...signed, path: '/webhooks', keys: [{ tokenId: 'wh_1', secret: 'other' }] }),
    ).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });
});
