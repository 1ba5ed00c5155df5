/**
 * examples/: each project is copied to a temporary directory outside the repository, made to install the packed
 * tarballs the way its README tells a copy to (`npm run pack -- --into COPY`: vendorInto), installs them (and its
 * framework from the npm cache, else the registry), builds if it has a build script, starts against a real sandbox
 * (every webhook delivered twice) and is driven in Chromium to a completed journey with completeJourney; then its own
 * log must show the webhooks processed exactly once each — and, where the example finalises,
 * application.report_ready. The first test runs that README line itself, as a copy's owner types it.
 * The seconds each step took are printed and written to .test-output/examples-cost.json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { runTarballs, vendorInto } from '../../scripts/pack.mjs';
import { scratchRoot } from '../../scripts/scratch.mjs';
import { type CompleteJourneyOptions, completeJourney, startTestSandbox } from '../../src/sandbox/testing/index.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
let work: string;
const costs: Record<string, Record<string, number>> = {};
let tarballs: Record<string, string>;

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => {
  // In memory when the machine has room (scripts/scratch.mjs): the Next.js install writes about 400 MB.
  work = mkdtempSync(path.join(scratchRoot(), 'hj-examples-'));
  // `npm test`'s tarballs ($HJ_RUN_TARBALLS), packed once for the run; packed here when the spec runs alone.
  tarballs = runTarballs(path.join(work, 'tarballs'), { log: () => {}, assemble: !existsSync('dist/packages') });
});
test.afterAll(() => {
  mkdirSync(path.join(root, '.test-output'), { recursive: true });
  writeFileSync(path.join(root, '.test-output/examples-cost.json'), `${JSON.stringify(costs, null, 2)}\n`);
  console.log(
    `examples (seconds): ${Object.entries(costs)
      .map(
        ([n, c]) =>
          `${n} ${Object.entries(c)
            .map(([k, v]) => `${k} ${v.toFixed(1)}`)
            .join(' / ')}`,
      )
      .join('; ')}`,
  );
  if (work) rmSync(work, { recursive: true, force: true });
});

const env = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  NEXT_TELEMETRY_DISABLED: '1', // next build: no telemetry notice, no network call
};
const timed = <T>(name: string, step: string, fn: () => T): T => {
  const t0 = Date.now();
  try {
    return fn();
  } finally {
    (costs[name] ??= {})[step] = (Date.now() - t0) / 1000;
  }
};

function npm(dir: string, args: string[]) {
  const res = spawnSync('npm', args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0)
    throw new Error(`npm ${args.join(' ')} in ${dir}: exit ${res.status}\n${res.stdout}${res.stderr}`);
}

const copy = (name: string, dir: string) =>
  cpSync(path.join(root, 'examples', name), dir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|\.next|vendor)$/.test(src),
  });

/**
 * Copies examples/<name> out of the repository, vendors the tarballs just packed into it as `npm run pack -- --into`
 * does, installs, builds.
 */
function prepare(name: string): string {
  const dir = path.join(work, name);
  copy(name, dir);
  vendorInto(dir, tarballs, { log: () => {} });
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const field of ['dependencies', 'devDependencies'])
    for (const dep of Object.keys(pkg[field] ?? {}))
      expect(pkg[field][dep], `${name}: ${dep}`).toMatch(tarballs[dep] ? `file:vendor/${dep}.tgz` : /^[^f]/);
  // --include=dev: devDependencies (Next.js needs typescript and @types/* to build) even when the environment says
  // production (NODE_ENV / npm_config_omit inherited from a CI shell).
  const install = [
    'install',
    '--include=dev',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--loglevel=error',
    '--prefer-offline',
  ];
  timed(name, 'install', () => npm(dir, install));
  // Every declared dependency is really there before the build (a missing one fails here, naming it).
  const declared = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  expect(
    declared.filter((dep) => !existsSync(path.join(dir, 'node_modules', dep, 'package.json'))),
    name,
  ).toEqual([]);
  if (pkg.scripts.build) {
    // A build that rewrites the committed tsconfig.json (next build "reconfigures" one that lacks what it wants)
    // leaves every clone with a changed file after its first build.
    const tsconfig = path.join(dir, 'tsconfig.json');
    const before = existsSync(tsconfig) ? readFileSync(tsconfig, 'utf8') : undefined;
    timed(name, 'build', () => npm(dir, ['run', 'build']));
    if (before !== undefined)
      expect(readFileSync(tsconfig, 'utf8'), `${name}: the build rewrote tsconfig.json`).toBe(before);
  }
  return dir;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Running {
  url: string;
  log: () => string;
  stop: () => void;
}
/**
 * `npm start` on a free port. The port is free when asked, not when the example binds it (another worker's listen(0)
 * can take it in between): a start that fails with EADDRINUSE is tried again on another port, up to three times.
 */
async function start(name: string, dir: string, sandboxUrl: string): Promise<Running> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(name, dir, sandboxUrl);
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
      console.log(`${name}: its port was taken before it could listen; another port`);
    }
  }
}

async function startOnce(name: string, dir: string, sandboxUrl: string): Promise<Running> {
  const port = await freePort();
  let out = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: dir,
    detached: true, // its own process group: npm, node and next's workers stop together
    env: { ...env, PORT: String(port), HJ_API_URL: sandboxUrl, HJ_JOURNEY_ORIGIN: sandboxUrl, NODE_ENV: 'production' },
  });
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {}
  };
  const t0 = Date.now();
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() - t0 > 60_000) {
      stop();
      throw new Error(`${name} did not start (exit ${child.exitCode}):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  (costs[name] ??= {}).start = (Date.now() - t0) / 1000;
  return { url, log: () => out, stop };
}

// The README's line for a copy, typed where a copy's owner types it: outside the repository, a relative path.
test('examples/script-tag copied out of the repository: `npm run pack -- --into COPY`, npm install, npm start, a completed journey, each webhook processed once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = path.join(work, 'copied-script-tag');
  copy('script-tag', dir);
  expect(readFileSync(path.join(root, 'examples/script-tag/README.md'), 'utf8')).toContain(
    '`npm run pack -- --into <your copy>`',
  );
  // Untouched, the copy's file:../../dist/tarballs paths lead nowhere: npm install fails, naming the missing tarball.
  const before = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    env,
    encoding: 'utf8',
  });
  expect(before.status).not.toBe(0);
  expect(`${before.stdout}${before.stderr}`).toMatch(/ENOENT|dist\/tarballs/);
  const packed = timed('copied-script-tag', 'pack', () =>
    spawnSync('npm', ['--prefix', root, 'run', 'pack', '--', '--into', path.basename(dir)], {
      cwd: work,
      env,
      encoding: 'utf8',
    }),
  );
  expect(packed.status, `${packed.stdout}${packed.stderr}`).toBe(0);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  expect(pkg.dependencies).toEqual({
    'hosted-journey': 'file:vendor/hosted-journey.tgz',
    'hosted-journey-server': 'file:vendor/hosted-journey-server.tgz',
  });
  expect(pkg.devDependencies).toEqual({ 'hosted-journey-sandbox': 'file:vendor/hosted-journey-sandbox.tgz' });
  // The README's line packs what the other examples install: the same tarballs, byte for byte.
  const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  for (const name of Object.keys(tarballs))
    expect(sha256(path.join(dir, 'vendor', `${name}.tgz`)), name).toBe(sha256(tarballs[name]!));
  // Offline when the tarballs' own dependencies are in the npm cache; else from the registry (a cache miss is no
  // packaging problem). Either way nothing is fetched from the repository.
  // --include=dev as in prepare(): under `npm test` the environment can make npm omit devDependencies (the sandbox).
  const base = ['install', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];
  const installed = timed('copied-script-tag', 'install', () => {
    const offline = spawnSync('npm', [...base, '--offline'], { cwd: dir, env, encoding: 'utf8' });
    if (offline.status === 0) return 'offline';
    npm(dir, [...base, '--prefer-offline']);
    return 'registry';
  });
  console.log(`copied-script-tag: installed (${installed})`);
  for (const name of ['hosted-journey', 'hosted-journey-server', 'hosted-journey-sandbox']) {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'));
    expect(manifest.version, name).toBe(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  }
  const help = spawnSync('npm', ['exec', '--offline', '--no', '--', 'hosted-journey-sandbox', '--help'], {
    cwd: dir,
    env,
    encoding: 'utf8',
  });
  expect(help.status, help.stderr).toBe(0);
  expect(help.stdout).toMatch(/usage/i);
  // The copy is the script-tag example's one run to a completed journey: the in-repository copy would install and
  // run the same files a second time.
  await journeyThrough(page, SCRIPT_TAG, 'copied-script-tag', dir);
});

/**
 * examples/nextjs/app/server-component: a React Server Component imports `hosted-journey/react` (whose built file
 * starts with 'use client'). The server answers 200 with the binding's host <div> and no iframe; in the browser the
 * page hydrates without an error and the binding mounts the journey into that same <div>.
 */
async function serverComponentPage(page: Page, appUrl: string, journeyOrigin: string) {
  const answer = await fetch(`${appUrl}/server-component`);
  const html = await answer.text();
  expect(answer.status, html.slice(0, 2000)).toBe(200);
  expect(html).toMatch(/<div[^>]*id="journey"[^>]*data-hosted-journey=""[^>]*><\/div>/);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const response = await page.goto(`${appUrl}/server-component`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('#journey[data-hosted-journey] iframe')).toHaveAttribute(
    'src',
    new RegExp(`^${journeyOrigin.replace(/[.]/g, '\\.')}/i/acme/cust_server_component`),
  );
  await expect(page.frameLocator('#journey iframe').locator('body')).not.toBeEmpty();
  expect(errors.filter((e) => /hydrat|React error|is not a function|hosted-journey/i.test(e))).toEqual([]);
}

const EXAMPLES: {
  name: string;
  journey: CompleteJourneyOptions;
  open?: (page: Page) => Promise<void>;
  finalises: boolean;
  /** More pages of the example, checked after the journey (the app's URL, the journey origin). */
  also?: (page: Page, appUrl: string, journeyOrigin: string) => Promise<void>;
}[] = [
  {
    name: 'express',
    journey: { pathway: 'cdr', outcome: 'approved' },
    open: (page) => page.getByRole('button', { name: 'Connect your bank' }).click(),
    finalises: true,
  },
  { name: 'hono', journey: { pathway: 'crawler', outcome: 'otp' }, finalises: true },
  { name: 'nextjs', journey: { pathway: 'cdr', outcome: 'approved' }, finalises: true, also: serverComponentPage },
];

/** Run by the copied-out test above: the page it serves names the vendor and serves the widget's IIFE. */
const SCRIPT_TAG: (typeof EXAMPLES)[number] = {
  name: 'script-tag',
  journey: { pathway: 'crawler', outcome: 'connected' },
  finalises: false,
  also: async (_page, appUrl) => {
    expect(await (await fetch(appUrl)).text()).toContain('data-vendor="acme"');
    const widget = await fetch(`${appUrl}/hosted-journey.iife.js`);
    expect(widget.status).toBe(200);
    expect((await widget.text()).length).toBeGreaterThan(10_000);
  },
};

type Example = (typeof EXAMPLES)[number];

/**
 * Starts the installed example in `dir` against a sandbox that delivers every webhook twice, completes its journey in
 * Chromium, and checks its log: each webhook processed once (and application.report_ready where it finalises).
 */
async function journeyThrough(page: Page, example: Example, costName: string, dir: string): Promise<void> {
  const sandbox = await startTestSandbox({ duplicateRate: 1 });
  const app = await start(costName, dir, sandbox.url).catch(async (error) => {
    await sandbox.close();
    throw error;
  });
  try {
    await sandbox.addWebhook(`${app.url}/webhooks`);
    const t0 = Date.now();
    await page.goto(app.url);
    await example.open?.(page);
    const done = await completeJourney(page, { ...example.journey, journeyOrigin: sandbox.url });
    expect(done.step).toBe('done');
    const applicationId = done.applicationId!;
    expect(applicationId).toMatch(/^app_/);
    const types = example.finalises
      ? (['crawl.completed', 'application.report_ready'] as const)
      : (['crawl.completed'] as const);
    for (const type of types) await sandbox.waitForWebhook({ type, applicationId });
    await sandbox.webhooksIdle();
    costs[costName]!.journey = (Date.now() - t0) / 1000;
    // Every event went out twice (duplicateRate 1); the example's log shows each processed once.
    for (const type of types) {
      const ids = new Set(
        sandbox
          .deliveries()
          .filter((d) => d.type === type && d.application_id === applicationId && d.status === 200)
          .map((d) => d.event_id),
      );
      expect(ids.size, `${type} delivered`).toBe(1);
      const [id] = ids;
      const delivered = sandbox.deliveries().filter((d) => d.event_id === id && d.status === 200).length;
      expect(delivered, `${type} delivered twice`).toBe(2);
      const lines = app
        .log()
        .split('\n')
        .filter((l) => l.includes(`webhook processed ${type} ${id}`));
      expect(lines, `${example.name} log:\n${app.log()}`).toHaveLength(1);
    }
    await example.also?.(page, app.url, sandbox.url);
  } finally {
    app.stop();
    await sandbox.close();
  }
}

for (const example of EXAMPLES) {
  test(`examples/${example.name}: from the tarballs to a completed journey, each webhook processed once`, async ({
    page,
  }) => {
    test.setTimeout(example.name === 'nextjs' ? 360_000 : 180_000);
    await journeyThrough(page, example, example.name, prepare(example.name));
  });
}
