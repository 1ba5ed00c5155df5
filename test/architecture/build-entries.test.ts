// scripts/build.mjs builds every entry of scripts/entries.mjs or fails: no entry is skipped because its source is missing.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allEntries, MissingEntryError, requireSources } from '../../scripts/entries.mjs';

const root = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'hj-entries-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('build entry tables', () => {
  it('every source named in scripts/entries.mjs exists', () => {
    expect(() => requireSources(allEntries, root)).not.toThrow();
    expect(Object.values(allEntries).flatMap((t) => Object.keys(t)).length).toBeGreaterThan(10);
  });

  it('a missing source is an error naming the table, the entry and the path — never a skip', () => {
    mkdirSync(path.join(tmp, 'src'), { recursive: true });
    writeFileSync(path.join(tmp, 'src/here.ts'), '');
    let error: unknown;
    try {
      requireSources(
        { browserEntries: { here: 'src/here.ts', gone: 'src/gone.ts' }, serverEntries: { lost: 'src/lost.ts' } },
        tmp,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingEntryError);
    const { message, missing } = error as MissingEntryError;
    expect(missing).toEqual([
      { table: 'browserEntries', name: 'gone', src: 'src/gone.ts' },
      { table: 'serverEntries', name: 'lost', src: 'src/lost.ts' },
    ]);
    expect(message).toContain('browserEntries.gone → src/gone.ts');
    expect(message).toContain('serverEntries.lost → src/lost.ts');
    expect(message).not.toContain('here');
  });

  it('scripts/build.mjs in a tree without the sources exits 1 naming them, and builds nothing', () => {
    const tree = path.join(tmp, 'tree');
    cpSync(path.join(root, 'scripts'), path.join(tree, 'scripts'), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    const run = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: tree, encoding: 'utf8', timeout: 15_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('browserEntries.index → src/widget/index.ts');
    expect(run.stderr).toContain('sandboxAssets.journey → src/sandbox/journey/browser/journey.tsx');
    expect(existsSync(path.join(tree, 'dist'))).toBe(false);
  });

  it('scripts/build.mjs checks every table before building and exits non-zero, with no skip path left', () => {
    const build = readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8');
    expect(build).toMatch(/requireSources\(allEntries\)/);
    expect(build).toMatch(/process\.exit\(1\)/);
    expect(build).not.toMatch(/not written yet|existsSync/);
  });
});
