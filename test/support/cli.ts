// How tests reach the package's code from another process (the sandbox's CLI, a host importing the server entry, a
// framework's compiler reading the types). `npm test` builds first, so a built file (what the package's bin, exports
// and types are) is used when it is newer than every source under src/; a tsx start costs about three times the CPU,
// and these tests start children dozens of times. After an edit without a build, the sources are used instead (run
// through tsx), so a stale build is never what a test checks.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(p) : statSync(p).mtimeMs);
  }
  return newest;
}

let newestSource: number | undefined;
function builtIsFresh(built: string): boolean {
  try {
    newestSource ??= newestUnder(path.join(root, 'src'));
    return statSync(built).mtimeMs >= newestSource;
  } catch {
    return false;
  }
}

export interface BuiltOrSource {
  /** Node arguments before the script: `['--import', 'tsx']` for the source, none for the built file. */
  nodeArgs: string[];
  /** The module's absolute path. */
  file: string;
  /** The same as a file URL, for `import()`. */
  url: string;
}

/** `built` (relative to the repository root) when it is fresh, else `source` through tsx. */
export function builtOrSource(built: string, source: string): BuiltOrSource {
  const fresh = builtIsFresh(path.join(root, built));
  const file = path.join(root, fresh ? built : source);
  return { nodeArgs: fresh ? [] : ['--import', 'tsx'], file, url: pathToFileURL(file).href };
}

/**
 * A host script (a fixture importing the server entry) run as a child: node's arguments, and its environment with
 * `HJ_SERVER_ENTRY` naming the server entry to import (built or source).
 */
export function serverHost(script: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const entry = builtOrSource('dist/server.js', 'src/server/index.ts');
  return { args: [...entry.nodeArgs, script], env: { ...process.env, HJ_SERVER_ENTRY: entry.url } };
}

let cli: string[] | undefined;
/** Node arguments that run the sandbox CLI: `[...sandboxCli(), 'trigger', '--url', …]`. */
export function sandboxCli(): string[] {
  if (!cli) {
    const { nodeArgs, file } = builtOrSource('dist/sandbox-cli.js', 'src/sandbox/cli.ts');
    cli = [...nodeArgs, file];
  }
  return cli;
}
