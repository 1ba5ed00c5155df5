// Checks that run after the test suites, each counting as one test. Add new ones here (one line each).
// `ready` says whether the check's tool is there; a check that is not ready is reported and skipped, unless it is
// `required` (a tool the repository's devDependencies install): then it counts as failed. `readOnly`: it writes nothing
// in the repository (dist/ included), so scripts/test.mjs runs it beside vitest at the lowest CPU priority; the others
// run after vitest.
import { existsSync } from 'node:fs';

const node = process.execPath;
export const checks = [
  // Type-checks the whole repository, including the compile-time assertions of test/types/.
  {
    name: 'typecheck',
    cmd: node,
    args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'],
    ready: () => existsSync('node_modules/typescript/bin/tsc'),
    required: true,
    readOnly: true,
  },
  // Biome: lints src/, test/, e2e/, scripts/ and bench/ (recommended rules minus those docs/architecture.md names) and
  // checks that they and demo/ are formatted (`npm run format` writes the fixes).
  {
    name: 'lint',
    cmd: node,
    args: ['node_modules/@biomejs/biome/bin/biome', 'ci', '--error-on-warnings'],
    ready: () => existsSync('node_modules/@biomejs/biome/bin/biome'),
    required: true,
    readOnly: true,
  },
  // Lays out dist/packages/ again from dist/ (tests read it): not read-only.
  {
    name: 'packaging',
    cmd: node,
    args: ['scripts/check-packaging.mjs'],
    ready: () => existsSync('scripts/check-packaging.mjs'),
  },
  // The packed hosted-journey-server in workerd (Miniflare), Deno and Bun, and the Node build, the sandbox and its
  // testing kit on Node 22 and 24, each pinned in test/runtimes/ (scripts/check-runtimes.mjs). It writes nothing in
  // the repository: the tarballs and their project go to a temporary directory, the runtimes to the user's cache.
  {
    name: 'runtimes',
    cmd: node,
    args: ['scripts/check-runtimes.mjs'],
    ready: () => existsSync('scripts/check-runtimes.mjs'),
    required: true,
    readOnly: true,
  },
  {
    name: 'size budget',
    cmd: node,
    args: ['bench/size.mjs'],
    ready: () => existsSync('bench/size.mjs'),
    readOnly: true,
  },
  // The generated OpenAPI document (dist/openapi.json) against Redocly's recommended rules (redocly.yaml); a warning
  // fails too.
  {
    name: 'openapi lint',
    cmd: node,
    args: ['scripts/openapi-lint.mjs', 'dist/openapi.json'],
    ready: () => existsSync('node_modules/@redocly/cli/bin/cli.js'),
    required: true,
    readOnly: true,
  },
];

/** 'run' when the check's tool is there; else 'missing' (counts as failed) for a required check, 'skip' otherwise. */
export function readiness(check) {
  if (check.ready()) return 'run';
  return check.required ? 'missing' : 'skip';
}
