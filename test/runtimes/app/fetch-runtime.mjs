// Deno and Bun run this file from the scratch project: what the runtime itself resolves 'hosted-journey-server' to
// from node_modules, that file's imports walked with the runtime's own file API (none may be a Node built-in), then
// the scenario. Prints one JSON line. Arguments: the sandbox's URL, token id and secret.
import { exercise } from './scenario.mjs';

const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'unknown';
const read = (file) => (globalThis.Deno ? Deno.readTextFile(file) : Bun.file(file).text());
const toPath = (specifier) =>
  specifier.startsWith('file:') ? decodeURIComponent(new URL(specifier).pathname) : specifier;
// import/export … from '…', import '…', import('…'): at a statement's start, not in a string or comment.
const STATEMENTS = new RegExp(
  [
    /(?:^|[;\n])\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/.source,
    /^\s*import\s*['"]([^'"]+)['"]/.source,
    /import\(\s*['"]([^'"]+)['"]\s*\)/.source,
  ].join('|'),
  'gm',
);
const BUILTINS = new Set(['crypto', 'fs', 'http', 'https', 'net', 'os', 'path', 'stream', 'buffer', 'util', 'zlib']);

/** The files reached from `file` over relative imports, and every other specifier they import. */
async function graph(file, seen = new Set(), external = new Set()) {
  if (seen.has(file)) return { seen, external };
  seen.add(file);
  const source = await read(file);
  for (const m of source.matchAll(STATEMENTS)) {
    const specifier = m[1] ?? m[2] ?? m[3];
    if (specifier.startsWith('.')) await graph(new URL(specifier, `file://${file}`).pathname, seen, external);
    else external.add(specifier);
  }
  return { seen, external };
}

const [sandboxUrl, tokenId, secret] = globalThis.Deno ? Deno.args : process.argv.slice(2);
const resolved = toPath(import.meta.resolve('hosted-journey-server'));
const { seen, external } = await graph(resolved);
const builtins = [...external].filter((s) => s.startsWith('node:') || BUILTINS.has(s));
const result = await exercise(runtime, { sandboxUrl, tokenId, secret });
const version = globalThis.Deno ? Deno.version.deno : Bun.version;
console.log(JSON.stringify({ ...result, version, resolved, files: seen.size, external: [...external], builtins }));
