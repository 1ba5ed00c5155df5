// docs/quick-start.md, run as written: its `quick-start FILE` blocks are saved into a fresh integrator project (its
// node_modules links the built packages of dist/packages/) and run with `tsx`, as the page tells an integrator to.
// The customer's part of the open-banking program (the journey and the bank's consent page) is driven over HTTP the
// way a browser does: the page is fetched, the journey page is loaded framed by it, the bank's form is submitted.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { approveConsent, loadJourneyPage } from '../support/sandbox.js';
import { createProject, quickStartsOf, removeProject, root } from './snippets.js';

const programs = quickStartsOf('docs/quick-start.md');
let project = '';
const children = new Set<ChildProcess>();
beforeAll(() => {
  project = createProject();
  for (const [file, source] of programs) writeFileSync(path.join(project, file), source);
});
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
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

it('quick-start.ts: application → journey → consent → crawl.completed → finalise → report_ready → bundle.pdf, each webhook processed once', async () => {
  const port = await freePort();
  const p = run('quick-start.ts', { PORT: String(port) });
  const [, appUrl] = await p.waitFor(/Open (http:\/\/localhost:\d+) and connect Sandbox Bank/);

  // The customer's browser: the page, the widget's file, then the journey framed by the page (parent_origin).
  const page = await (await fetch(appUrl!)).text();
  const attr = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(page)?.[1] ?? '';
  const [vendor, ref, journeyOrigin] = [attr('data-vendor'), attr('data-customer-id'), attr('data-journey-origin')];
  expect(journeyOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const widget = await fetch(`${appUrl}/hosted-journey.iife.js`);
  expect(widget.status).toBe(200);
  expect((await widget.text()).length).toBeGreaterThan(10_000);
  const journey = await loadJourneyPage(journeyOrigin, vendor, ref, { parentOrigin: appUrl! });
  expect(journey.page.status).toBe(200);
  expect((await journey.call('POST', 'start', { full_name: 'Alex Citizen', email: 'alex@example.com' })).status).toBe(
    200,
  );
  expect((await journey.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' })).status).toBe(
    200,
  );
  const consent = await journey.call('POST', 'consent', {});
  expect(consent.status).toBe(201);
  await approveConsent(journeyOrigin, consent.json.consent_url as string, 'approve');

  expect(await p.exited, p.output()).toBe(0);
  const out = p.output();
  console.log(`quick-start.ts output:\n${out}`);
  const order = ['consent.authorised', 'crawl.completed:', 'application.report_ready:', 'application.completed'];
  const at = order.map((line) => out.indexOf(line));
  expect(at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!), out).toBe(true);
  expect(out).toMatch(/\d+ deliveries \(\d+ duplicates\) → \d+ events, each processed once: true/);
  expect(readFileSync(path.join(project, 'bundle.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}, 60_000);

it('credit.ts: enquiry → report (+ PDF) → account → payments → default → paid → closed', async () => {
  const p = run('credit.ts');
  expect(await p.exited, p.output()).toBe(0);
  console.log(`credit.ts output:\n${p.output()}`);
  expect(p.output()).toMatch(/^score \d+: \d+ accounts, \d+ defaults$/m);
  expect(p.output()).toMatch(/^account acct_\S+ closed; credit-report\.pdf written$/m);
  expect(readFileSync(path.join(project, 'credit-report.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}, 60_000);
