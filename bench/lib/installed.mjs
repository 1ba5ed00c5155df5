// Installed size, measured the way issue 11 measured it: one package installed alone into an empty project
// (`npm install`, optional peers not installed), then `du -sk node_modules`. Ours from the tarballs of
// dist/packages/ (scripts/packages.mjs); peers from the npm cache only (offline) at the version the repository has —
// a peer the cache lacks is reported by the quoted figure, labelled as such. Never reaches the registry.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './bundle.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

/** Peers and the figures quoted in issue 11 (MB, "installed the same way"). */
export const INSTALLED_PEERS = [
  ['@mxenabled/web-widget-sdk', 'widget SDK', 0.5],
  ['standardwebhooks', 'webhook verifier', 0.2],
  ['svix', 'webhook SDK', 5.1],
  ['react-plaid-link', 'widget SDK, with React', 8.7],
  ['stripe', 'server SDK', 23],
];

const localVersion = (name) => {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
};

/** `dependency` is a package.json dependency value (a version or `file:<tarball>`). */
function installAlone(work, name, dependency) {
  const dir = mkdtempSync(path.join(work, 'alone-'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'alone', private: true, dependencies: { [name]: dependency } }),
  );
  const res = spawnSync(
    npm,
    ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'],
    { cwd: dir, env, encoding: 'utf8' },
  );
  if (res.status !== 0) return { error: 'not in the npm cache' };
  const nm = path.join(dir, 'node_modules');
  const count = readdirSync(nm)
    .filter((d) => !d.startsWith('.'))
    .reduce((n, d) => n + (d.startsWith('@') ? readdirSync(path.join(nm, d)).length : 1), 0);
  const bytes = Number(spawnSync('du', ['-sk', nm], { encoding: 'utf8' }).stdout.split('\t')[0]) * 1024;
  return { bytes, count };
}

/** { ours: [[name, {bytes, count} | {error}]], peers: [[name, what, version, measured | null, quotedMB]] } */
export function measureInstalled(packageNames) {
  const work = mkdtempSync(path.join(tmpdir(), 'hj-installed-'));
  try {
    const ours = packageNames.map((name) => {
      const dir = path.join(root, 'dist/packages', name);
      if (!existsSync(path.join(dir, 'package.json')))
        return [name, { error: 'dist/packages/ not built (node scripts/build.mjs)' }];
      mkdirSync(path.join(work, 'tgz'), { recursive: true });
      const packed = spawnSync(npm, ['pack', dir, '--json', '--pack-destination', path.join(work, 'tgz')], {
        env,
        encoding: 'utf8',
      });
      if (packed.status !== 0) return [name, { error: 'npm pack failed' }];
      const file = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0].filename;
      return [name, installAlone(work, name, `file:${path.join(work, 'tgz', file)}`)];
    });
    const peers = INSTALLED_PEERS.map(([name, what, quoted]) => {
      const version = localVersion(name);
      return [
        name,
        what,
        version,
        version ? installAlone(work, name, version) : { error: 'not installed in this repository' },
        quoted,
      ];
    });
    return { ours, peers };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
