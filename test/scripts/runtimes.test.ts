// scripts/runtimes.mjs: the runtimes of the runtimes check are pinned in test/runtimes/, docs/server.md's table names
// each pinned version, and a runtime that is not there is a failure that says what to install — never a skip.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PINS_DIR, findRuntime, installRuntimes, pinnedVersions, runtimesDir } from '../../scripts/runtimes.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'hj-runtimes-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the pinned runtimes', () => {
  it('are exact versions, each named in docs/server.md’s table', () => {
    const pins = JSON.parse(readFileSync(path.join(PINS_DIR, 'package.json'), 'utf8')).devDependencies;
    for (const spec of Object.values<string>(pins)) expect(spec).toMatch(/^(npm:[^@]+@)?\d+\.\d+\.\d+$/);
    const table = readFileSync('docs/server.md', 'utf8').split('## Runtimes tested')[1]!.split('\n## ')[0]!;
    for (const [name, version] of Object.entries(pinnedVersions())) expect(table, name).toContain(`${version}`);
  });

  it('install into the user’s cache, by the lockfile’s hash, or where HOSTED_JOURNEY_RUNTIMES says', () => {
    expect(runtimesDir({ XDG_CACHE_HOME: '/c' })).toMatch(/^\/c\/hosted-journey\/runtimes\/[0-9a-f]{16}$/);
    expect(runtimesDir({ HOSTED_JOURNEY_RUNTIMES: '/r' })).toMatch(/^\/r\/[0-9a-f]{16}$/);
  });
});

describe('a runtime that is not there', () => {
  it('is a failure naming the package, its version and the install command', () => {
    const found = findRuntime(path.join(work, 'none'), 'deno', { platform: 'linux', arch: 'x64' });
    expect(found.path).toBeUndefined();
    expect(found.missing).toContain(`Deno (@deno/linux-x64-glibc@${pinnedVersions().deno})`);
    expect(found.missing).toContain('npm ci --ignore-scripts --prefix');
  });

  it('on another platform, says the pins are the linux-x64 builds', () => {
    const found = findRuntime(path.join(work, 'none'), 'bun', { platform: 'darwin', arch: 'arm64' });
    expect(found.missing).toMatch(/linux-x64 builds and this machine is darwin-arm64/);
  });

  it('an install that fails leaves nothing behind and says how to install by hand', async () => {
    const dir = path.join(work, 'cache', 'abc');
    const res = await installRuntimes({ dir, npm: 'false' });
    expect(res.error).toMatch(/npm ci of test\/runtimes failed[\s\S]*npm ci --ignore-scripts --prefix .*abc/);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.${process.pid}.tmp`)).toBe(false);
  });

  it('an install already there is used as it is', async () => {
    const dir = path.join(work, 'cache', 'done');
    mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), '{}');
    expect(await installRuntimes({ dir, npm: 'false' })).toEqual({ dir, installed: false });
  });
});
