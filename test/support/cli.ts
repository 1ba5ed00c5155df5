// How tests start the sandbox's CLI as a child process. `npm test` builds first, so the built file (what the package's
// bin runs) is used when it is newer than every source under src/; a tsx start costs about three times the CPU, and
// these tests start the CLI dozens of times. After an edit without a build, the sources run through tsx instead, so a
// stale build is never what a test checks.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const BUILT = path.join(root, 'dist/sandbox-cli.js');
const SOURCE = path.join(root, 'src/sandbox/cli.ts');

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function builtIsFresh(): boolean {
  try {
    return statSync(BUILT).mtimeMs >= newestUnder(path.join(root, 'src'));
  } catch {
    return false;
  }
}

let chosen: string[] | undefined;
/** Node arguments that run the sandbox CLI: `[...sandboxCli(), 'trigger', '--url', …]`. */
export function sandboxCli(): string[] {
  chosen ??= builtIsFresh() ? [BUILT] : ['--import', 'tsx', SOURCE];
  return chosen;
}
