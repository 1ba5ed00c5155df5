// Checks that run after the test suites, each counting as one test. Add new ones here (one line each).
import { existsSync } from 'node:fs';

const node = process.execPath;
export const checks = [
  // Type-checks the whole repository, including the compile-time assertions of test/types/.
  {
    name: 'typecheck',
    cmd: node,
    args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'],
    ready: () => existsSync('node_modules/typescript/bin/tsc'),
  },
  // Biome: lints src/ (recommended rules minus those docs/architecture.md names) and checks that src/, test/, e2e/,
  // scripts/, bench/ and demo/ are formatted (`npm run format` writes the fixes).
  {
    name: 'lint',
    cmd: node,
    args: ['node_modules/@biomejs/biome/bin/biome', 'ci', '--error-on-warnings'],
    ready: () => existsSync('node_modules/@biomejs/biome/bin/biome'),
  },
  {
    name: 'packaging',
    cmd: node,
    args: ['scripts/check-packaging.mjs'],
    ready: () => existsSync('scripts/check-packaging.mjs'),
  },
  { name: 'size budget', cmd: node, args: ['bench/size.mjs'], ready: () => existsSync('bench/size.mjs') },
];
