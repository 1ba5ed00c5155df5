// `npm run pack` as a new user meets it: `--into` a project that names none of the three packages (it gets the
// tarballs and the exact install line for each, which work), `--into` a folder with no package.json, and pack run
// while `npm run demo` serves from dist/ (only what dist/ lacks is built, in place; the demo's files stay).
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GROUP_MARKS, missingGroups, vendorInto } from '../../scripts/pack.mjs';

const root = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'hj-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NAMES = ['hosted-journey', 'hosted-journey-server', 'hosted-journey-sandbox'];

/** A tarball named like each package, with no dependencies, so installing it needs no registry. */
function fakeTarballs(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of NAMES) {
    const dir = path.join(work, 'src', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '0.1.0', main: 'index.js' }));
    writeFileSync(path.join(dir, 'index.js'), 'module.exports = 1;\n');
    const res = spawnSync('npm', ['pack', dir, '--pack-destination', path.join(work, 'src'), '--json'], {
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
    out[name] = path.join(work, 'src', JSON.parse(res.stdout)[0].filename);
  }
  return out;
}

describe('npm run pack -- --into', () => {
  it('a project naming none of the packages gets the three tarballs and the exact command for each, which works', () => {
    const project = path.join(work, 'empty-app');
    mkdirSync(project);
    const before = `${JSON.stringify({ name: 'empty-app', version: '1.0.0', dependencies: {} }, null, 2)}\n`;
    writeFileSync(path.join(project, 'package.json'), before);
    const lines: string[] = [];
    expect(vendorInto(project, fakeTarballs(), { log: (l: string) => lines.push(l) })).toEqual([]);
    expect(readFileSync(path.join(project, 'package.json'), 'utf8')).toBe(before);
    for (const name of NAMES) expect(existsSync(path.join(project, 'vendor', `${name}.tgz`))).toBe(true);
    const said = lines.join('\n');
    expect(said).toContain('depends on none of hosted-journey, hosted-journey-server, hosted-journey-sandbox');
    const commands = said.split('\n').flatMap((l) => /^\s+(npm install [^#]+?)\s+#/.exec(l)?.[1] ?? []);
    expect(commands).toEqual([
      'npm install ./vendor/hosted-journey.tgz',
      'npm install ./vendor/hosted-journey-server.tgz',
      'npm install --save-dev ./vendor/hosted-journey-sandbox.tgz',
    ]);
    for (const command of commands) {
      const [npm, ...args] = command.split(' ');
      const res = spawnSync(npm!, [...args, '--offline', '--no-audit', '--no-fund'], {
        cwd: project,
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(0);
    }
    const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toEqual({
      'hosted-journey': 'file:vendor/hosted-journey.tgz',
      'hosted-journey-server': 'file:vendor/hosted-journey-server.tgz',
    });
    expect(pkg.devDependencies).toEqual({ 'hosted-journey-sandbox': 'file:vendor/hosted-journey-sandbox.tgz' });
  }, 180_000);

  it('a folder without package.json is refused with the command that makes one', () => {
    const bare = path.join(work, 'bare');
    mkdirSync(bare);
    expect(() => vendorInto(bare, {}, { log: () => {} })).toThrow(
      /no package\.json in .*bare: run `npm init -y` there/,
    );
  });
});

describe('npm run pack while npm run demo serves from dist/', () => {
  it('knows a file of every group scripts/build.mjs builds', () => {
    const build = readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8');
    const groups = build.slice(
      build.indexOf('const groups = {'),
      build.indexOf('\n};', build.indexOf('const groups = {')),
    );
    const names = [...groups.matchAll(/^ {2}(?:async )?(\w+)\(\) \{/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(4);
    expect(Object.keys(GROUP_MARKS).sort()).toEqual(names.filter((n) => n !== 'packages').sort());
  });

  it('lists the groups dist/ lacks', () => {
    const dist = path.join(work, 'dist-probe');
    mkdirSync(path.join(dist, 'sandbox-assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.js'), '');
    expect(missingGroups(dist)).toEqual(['iife', 'server', 'types', 'openapi', 'llms']);
    expect(missingGroups(path.join(work, 'nothing'))).toEqual(Object.keys(GROUP_MARKS));
  });

  it('builds only what the demo did not (the types), in place: the demo’s assets and script parts stay as they were', async () => {
    expect(existsSync(path.join(root, 'dist/types')), 'build first: node scripts/build.mjs').toBe(true);
    // A copy of the repository whose dist/ is what `npm run demo` leaves: its build groups, no types, its assets.
    const repo = path.join(work, 'repo');
    mkdirSync(repo);
    for (const f of ['scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'])
      cpSync(path.join(root, f), path.join(repo, f), { recursive: true, preserveTimestamps: true });
    for (const f of ['src', 'docs', 'node_modules']) symlinkSync(path.join(root, f), path.join(repo, f));
    // node_modules is the shared one, linked: pack's first-run `npm ci` would empty it under every other process.
    // The lockfile's date is set before the install's marker, so ensureInstalled sees an installed tree and skips.
    expect(existsSync(path.join(root, 'node_modules/.package-lock.json')), 'npm ci first').toBe(true);
    utimesSync(path.join(repo, 'package-lock.json'), 0, 0);
    cpSync(path.join(root, 'dist'), path.join(repo, 'dist'), {
      recursive: true,
      preserveTimestamps: true,
      filter: (from) => !/[/\\]dist[/\\](types|packages|tarballs|demo-assets)$/.test(from),
    });
    mkdirSync(path.join(repo, 'dist/demo-assets'));
    writeFileSync(path.join(repo, 'dist/demo-assets/spa.js'), 'export const demo = 1;\n');
    const served = ['dist/demo-assets/spa.js', 'dist/hosted-journey.iife.js', 'dist/sandbox.js'].map((f) => {
      const file = path.join(repo, f);
      return { file, text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs };
    });

    const child = spawn(process.execPath, [path.join(repo, 'scripts/pack.mjs')], { cwd: repo, env: process.env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));

    expect(code, out).toBe(0);
    expect(out).toContain('dist/ lacks types: building it first');
    for (const name of NAMES) expect(existsSync(path.join(repo, `dist/tarballs/${name}.tgz`)), out).toBe(true);
    for (const s of served) {
      expect(readFileSync(s.file, 'utf8'), s.file).toBe(s.text);
      expect(statSync(s.file).mtimeMs, `${s.file} untouched`).toBe(s.mtime);
    }
  }, 300_000);
});
