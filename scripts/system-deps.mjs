// System dependencies of the integration suites. Used by the test runner and by test helpers, so that a missing one
// is reported with the exact install command instead of a silent skip.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function redisServerPath() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export function findSystemDeps() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) {
    missing.push({ name: 'chromium', why: 'the end-to-end suite drives a real browser', install: 'sudo apt-get install -y chromium   (or set CHROMIUM_PATH)' });
  }
  if (!redisServerPath()) {
    missing.push({ name: 'redis-server', why: 'the webhook dedupe suite runs against a real Redis', install: 'sudo apt-get install -y redis-server' });
  }
  return { missing };
}
