// docs/quick-start.md, run as written: its `quick-start FILE` blocks are saved into a fresh integrator project (its
// node_modules links the built packages of dist/packages/) and run with `tsx`, as the page tells an integrator to.
// The customer's part of the open-banking program is played in Chromium (Debian's, through Playwright's library API,
// as e2e/engines launches it): the printed URL is opened and the journey clicked through to its last screen with the
// testing kit's completeJourney, so the program's own page is what tells it the journey is over.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../../playwright.config.js';
import { completeJourney } from '../../src/sandbox/testing/index.js';
import { DEFAULT_TOKENS } from '../../src/sandbox/start.js';
import { startTestSandbox } from '../support/sandbox.js';
import { projectWith, quickStartsOf, removeProject, root, shownOutput } from './snippets.js';
import { scriptPartEntries } from '../../scripts/entries.mjs';

const programs = quickStartsOf('docs/quick-start.md');
const production = quickStartsOf('docs/production.md');
let project = '';
const children = new Set<ChildProcess>();
let browser: Browser | undefined;
beforeAll(() => {
  project = projectWith([...programs, ...production]);
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await browser?.close();
  removeProject(project);
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor: (re: RegExp, ms?: number) => Promise<RegExpExecArray>;
}

/** `npx tsx FILE` in the project, as the quick start says. */
function run(file: string, env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), file], {
    cwd: project,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  const waiters: Array<() => void> = [];
  const onData = (d: Buffer) => {
    out += d.toString('utf8');
    for (const w of waiters.splice(0)) w();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      for (const w of waiters.splice(0)) w();
      resolve(code);
    }),
  );
  const waitFor = (re: RegExp, ms = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${re} within ${ms} ms; output:\n${out}`)), ms);
      const check = () => {
        const m = re.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        } else if (child.exitCode !== null) {
          clearTimeout(timer);
          reject(new Error(`exited ${child.exitCode} before ${re}; output:\n${out}`));
        } else waiters.push(check);
      };
      check();
    });
  return { child, output: () => out, exited, waitFor };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

it('docs/quick-start.md has the two programs', () => {
  expect([...programs.keys()]).toEqual(['quick-start.ts', 'credit.ts']);
});

it('quick-start.ts: application → journey → consent → crawl.completed → finalise → report_ready → bundle.pdf, each webhook processed once; it ends only once the journey shows its last screen', async () => {
  const port = await freePort();
  const p = run('quick-start.ts', { PORT: String(port) });
  const [, appUrl] = await p.waitFor(/Open (http:\/\/localhost:\d+) and connect Sandbox Bank/);
  expect(appUrl).toBe(`http://localhost:${port}`);
  // Printed once listening: the page answers at once.
  expect((await fetch(appUrl!)).status).toBe(200);
  // The script tag's parts are served next to it (the error view, the typo warning, …), and nothing else by that route.
  for (const part of Object.keys(scriptPartEntries)) {
    const res = await fetch(`${appUrl}/hosted-journey.${part}.js`);
    expect([part, res.status, (await res.text()).includes('__hostedJourneyParts')]).toEqual([part, 200, true]);
  }
  expect((await fetch(`${appUrl}/hosted-journey.nothing.js`)).status).toBe(404);

  browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(appUrl!);
  const journeyOrigin = await page.locator('script[data-journey-origin]').getAttribute('data-journey-origin');
  expect(journeyOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const done = await completeJourney(page, { pathway: 'cdr', outcome: 'approved', journeyOrigin: journeyOrigin! });
  expect(done.step).toBe('done');

  expect(await p.exited, p.output()).toBe(0);
  const out = p.output();
  console.log(`quick-start.ts output:\n${out}`);
  // The sandbox stopped after the journey's last screen, not under it: the frame still shows that screen, and the
  // journey reported no trouble reaching the service.
  const frame = page.frames().find((f) => f.url().startsWith(`${journeyOrigin}/i/`))!;
  await expect.poll(() => frame.locator('main.hj-card').getAttribute('data-step')).toBe('done');
  expect(await frame.locator('main.hj-card h1').innerText()).toBe('You’re all done');
  expect(await frame.locator('[role=alert]').count()).toBe(0);
  const order = ['consent.authorised', 'crawl.completed:', 'application.report_ready:', 'application.completed'];
  const at = order.map((line) => out.indexOf(line));
  expect(at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!), out).toBe(true);
  expect(out).toContain('The journey shows its last screen: "You’re all done".');
  expect(out).toMatch(/\d+ deliveries \(\d+ duplicates\) → \d+ events, each processed once: true/);
  expect(readFileSync(path.join(project, 'bundle.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}, 90_000);

it('quick-start.ts on a port in use: no URL, no EADDRINUSE crash, a message that says how to pick another port', async () => {
  const busy: Server = createServer();
  const port = await new Promise<number>((resolve) =>
    busy.listen(0, () => resolve((busy.address() as { port: number }).port)),
  );
  try {
    const p = run('quick-start.ts', { PORT: String(port) });
    expect(await p.exited, p.output()).toBe(1);
    const out = p.output();
    expect(out).toContain(`Port ${port} is in use. Pick another one: PORT=3001 npx tsx quick-start.ts`);
    expect(out).not.toContain('Open http');
    expect(out).not.toMatch(/Error: listen|at Server\.|node:net/);
  } finally {
    await new Promise((resolve) => busy.close(resolve));
  }
}, 60_000);

it('credit.ts: enquiry → report (+ PDF) → account → payments → default → paid → closed', async () => {
  const p = run('credit.ts');
  expect(await p.exited, p.output()).toBe(0);
  console.log(`credit.ts output:\n${p.output()}`);
  expect(p.output()).toMatch(/^score \d+: \d+ accounts, \d+ defaults$/m);
  expect(p.output()).toMatch(/^account acct_\S+ closed; credit-report\.pdf written$/m);
  expect(readFileSync(path.join(project, 'credit-report.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}, 60_000);

/** The sandbox's token, given as docs/production.md tells a reader trying catch-up.ts against the sandbox. */
const SANDBOX_CREDENTIALS = { HJ_TOKEN_ID: DEFAULT_TOKENS[0]!.tokenId, HJ_SIGNING_SECRET: DEFAULT_TOKENS[0]!.secret };

it('docs/production.md has the two programs, each followed by the output it prints', () => {
  expect([...production.keys()]).toEqual(['rotate.ts', 'catch-up.ts']);
  for (const name of production.keys()) expect(shownOutput('docs/production.md', name)).not.toBe('');
});

it('rotate.ts: both secrets work during the overlap, only the new one after it — requests and deliveries', async () => {
  const p = run('rotate.ts');
  expect(await p.exited, p.output()).toBe(0);
  console.log(`rotate.ts output:\n${p.output()}`);
  expect(p.output().trim()).toBe(shownOutput('docs/production.md', 'rotate.ts'));
}, 60_000);

it('catch-up.ts: after missed webhooks, one call handles every event once, and names a missing variable', async () => {
  // An outage: no receiver, so no webhook reached anyone, while two customers went through the journey.
  const sandbox = await startTestSandbox();
  onTestFinished(() => sandbox.close());
  const since = new Date(Date.now() - 60_000).toISOString();
  await sandbox.driveToCrawled('acme', 'cust_a');
  await sandbox.driveToCrawled('acme', 'cust_b');
  const p = run('catch-up.ts', { HJ_API_URL: sandbox.url, HJ_SINCE: since, ...SANDBOX_CREDENTIALS });
  expect(await p.exited, p.output()).toBe(0);
  console.log(`catch-up.ts output:\n${p.output()}`);
  expect(p.output().trim()).toBe(shownOutput('docs/production.md', 'catch-up.ts'));
  // A variable missing (the secret; each is read the same way, test/docs/sandbox-fallback.test.ts): it stops before
  // any request, naming it, instead of signing with the sandbox's secret.
  const env = { HJ_API_URL: sandbox.url, HJ_SINCE: since, ...SANDBOX_CREDENTIALS, HJ_SIGNING_SECRET: '' };
  const missing = run('catch-up.ts', env);
  expect(await missing.exited, missing.output()).not.toBe(0);
  expect(missing.output()).toContain('HJ_SIGNING_SECRET is not set');
  expect(missing.output()).not.toContain('caught up');
}, 60_000);
