import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root: the nearest directory above this module whose package.json is the published sandbox's
 * (`hosted-journey-sandbox`) or, in the repository, the development workspace's (`hosted-journey`).
 */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && /"name":\s*"hosted-journey(-sandbox)?"/.test(readFileSync(pkg, 'utf8'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('hosted-journey sandbox: package root not found');
    dir = up;
  }
}
