// First-run set-up shared by `npm run demo` and `npm test`: installs the npm dependencies from the lockfile when
// node_modules is missing or older than package-lock.json, so each of the two commands works on a fresh clone.
// Imports only Node built-ins (it runs before anything is installed).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export function ensureInstalled(root) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('set-up: installing npm dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('set-up: npm ci failed; see above.');
    process.exit(res.status ?? 1);
  }
}
