/**
 * checkAxe's own promise (e2e/support/axe.ts, docs/accessibility.md): a frame axe cannot reach fails the check, naming
 * that frame, and never drops out of it silently; frames it can reach are checked inside, cross-origin ones included.
 */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { AxeFrameError, checkAxe } from './axe.js';

const page = (inner: string) =>
  `<!doctype html><html lang="en"><head><title>axe reach</title></head><body><main><h1>Reach</h1>${inner}</main></body></html>`;

let server: Server;
let other: string;
test.beforeAll(async () => {
  // Another origin than the page's (about:blank, set with setContent): a frame in another renderer process.
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(page('<img src="x.png">')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  other = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a frame that runs no script (sandboxed without allow-scripts) fails the check, named, within the bound', async ({
  page: p,
}) => {
  await p.setContent(
    page('<iframe title="no scripts" sandbox srcdoc="<!doctype html><html lang=en><title>i</title><p>hi"></iframe>'),
  );
  const t0 = Date.now();
  const error = await checkAxe(p, { frameTimeoutMs: 1500 }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AxeFrameError);
  expect((error as Error).message).toMatch(/axe could not check the frame about:srcdoc: no answer in 1500 ms/);
  expect(Date.now() - t0).toBeLessThan(10_000);
});

test('a cross-origin frame it can reach is checked inside: its violation is in the results, under its frame', async ({
  page: p,
}) => {
  await p.setContent(page(`<iframe title="other origin" src="${other}"></iframe>`));
  await p.frameLocator('iframe').locator('h1').waitFor();
  const results = await checkAxe(p, { rules: ['image-alt'] });
  const nodes = results.violations.flatMap((v) => v.nodes.map((n) => ({ rule: v.id, target: n.target })));
  expect(nodes).toEqual([{ rule: 'image-alt', target: ['iframe', 'img'] }]);
});
