// The first five minutes, as README.md tells them: the packages are not on the public registry, the install lines it
// shows for the tarballs are the ones `npm run pack -- --into` prints, and the commands it says install and build on a
// fresh clone are exactly the scripts that call ensureInstalled (a fresh clone has no node_modules: any other script
// fails on its first import).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { vendorInto } from '../../scripts/pack.mjs';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README.md has a section "${title}"`).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};

it('README says plainly the packages are not on the public registry, and how to install the tarballs', () => {
  const install = section('Install');
  expect(install).toMatch(
    /\*\*They are not on the public npm registry yet:\*\* `npm install hosted-journey` and `npx hosted-journey-sandbox` answer\s+`E404`/,
  );
  expect(install).toContain('npm run pack -- --into ../my-app');
  // What pack prints for a project naming none of the packages is what README shows, line for line.
  const work = mkdtempSync(path.join(tmpdir(), 'hj-readme-'));
  try {
    const tarballs: Record<string, string> = {};
    for (const name of ['hosted-journey', 'hosted-journey-server', 'hosted-journey-sandbox']) {
      tarballs[name] = path.join(work, `${name}.tgz`);
      writeFileSync(tarballs[name], '');
    }
    mkdirSync(path.join(work, 'app'));
    writeFileSync(path.join(work, 'app/package.json'), '{"name":"app"}\n');
    const said: string[] = [];
    vendorInto(path.join(work, 'app'), tarballs, { log: (l: string) => said.push(l) });
    const printed = said
      .join('\n')
      .split('\n')
      .flatMap((l) => /^\s+(npm install .+?)\s+#/.exec(l)?.[1] ?? []);
    expect(printed).toHaveLength(3);
    const shown = install
      .split('\n')
      .flatMap((l) => /^(npm install (?:--save-dev )?\.\/vendor\/.+?)\s+#/.exec(l)?.[1] ?? []);
    expect(shown).toEqual(printed);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

it('the commands README says install and build on a fresh clone are exactly those whose script calls ensureInstalled', () => {
  const local = section('Run it locally');
  const block = /```sh\n([\s\S]*?)```/.exec(local)?.[1] ?? '';
  const claimed = [...new Set(block.split('\n').flatMap((l) => /^npm (?:run )?(\w+)/.exec(l)?.[1] ?? []))].sort();
  expect(local).toMatch(/These three commands install the npm dependencies from\s+the lockfile on first run/);
  const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const installing = Object.entries(scripts)
    .filter(([, command]) => {
      const file = /^node (\S+\.mjs)/.exec(command)?.[1];
      return (
        file !== undefined &&
        existsSync(path.join(root, file)) &&
        /\bensureInstalled\(/.test(readFileSync(path.join(root, file), 'utf8'))
      );
    })
    .map(([name]) => name)
    .sort();
  expect(claimed).toEqual(installing);
  expect(installing).toEqual(['demo', 'pack', 'test']);
  // Every other script is named as needing `npm ci` first.
  for (const name of Object.keys(scripts).filter((n) => !installing.includes(n) && !n.includes(':') && n !== 'format'))
    expect(local, `README names ${name} as needing npm ci first`).toMatch(new RegExp(`\`(?:npm run )?${name}\``));
});
