// The built React and Preact bindings start with the `'use client'` directive (bundlers drop a module's directives,
// so the build adds it: scripts/build.mjs), so a React Server Component — a Next.js App Router page — that imports
// them renders them on the client instead of calling their hooks on the server. The other browser entries carry no
// directive: they are not components. The Next.js example proves it end to end (e2e/examples/examples.spec.ts).
// Needs `node scripts/build.mjs` first (npm test builds).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTRIES, browserEntries } from '../../scripts/entries.mjs';

const DIRECTIVE = /^\s*(['"])use client\1;?\s*$/m;
const firstStatement = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/))*/, '')
    .split('\n', 1)[0]!;

describe.each(Object.keys(browserEntries))('dist/%s.js', (name) => {
  const client = CLIENT_ENTRIES.includes(name);
  for (const dir of ['dist', 'dist/packages/hosted-journey/dist'])
    it(`${client ? 'starts' : 'does not start'} with 'use client' (${dir})`, () => {
      const first = firstStatement(path.resolve(dir, `${name}.js`));
      if (client) expect(first).toMatch(DIRECTIVE);
      else expect(first).not.toMatch(DIRECTIVE);
    });
});
