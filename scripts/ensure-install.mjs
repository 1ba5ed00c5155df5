// First-run set-up shared by `npm run demo` and `npm test`: installs the npm dependencies from the lockfile when
// node_modules is missing or older than package-lock.json, so each of the two commands works on a fresh clone.
// Imports only Node built-ins (it runs before anything is installed).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import path from 'node:path';

export function ensureInstalled(root) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // A node_modules that is a link to another checkout's (a git worktree sharing one install) is that checkout's to
  // install: `npm ci` through the link would empty it for every checkout that shares it.
  const nm = path.join(root, 'node_modules');
  if (existsSync(nm) && lstatSync(nm).isSymbolicLink()) {
    console.log('set-up: node_modules is a link to another checkout; run npm ci there if it is out of date.');
    return;
  }
  console.log('set-up: installing npm dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('set-up: npm ci failed; see above.');
    process.exit(res.status ?? 1);
  }
}
