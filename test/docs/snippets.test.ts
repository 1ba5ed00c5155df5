// The docs test: every ```ts/```tsx/```js/```html block of README.md and docs/ type-checks, as pasted, against the
// built packages (dist/packages/*, resolved through their exports) under strict + noUncheckedIndexedAccess.
// How blocks are found, joined and skipped: test/docs/snippets.ts. Prints the blocks checked/skipped per file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type CheckResult, checkSnippets, extractBlocks, removeProject, root } from './snippets.js';

let result: CheckResult | undefined;
afterAll(() => {
  if (result) removeProject(result.project);
});

it('every code block of README.md and docs/ type-checks against the built packages', () => {
  result = checkSnippets();
  const lines: string[] = [];
  let checked = 0;
  let skipped = 0;
  for (const [file, c] of result.counts) {
    checked += c.checked;
    skipped += c.skipped;
    if (c.checked || c.skipped) lines.push(`  ${file}: ${c.checked} checked, ${c.skipped} skipped`);
    for (const r of c.reasons) lines.push(`    skipped ${r}`);
  }
  console.log(
    `docs snippets: ${checked} blocks checked, ${skipped} skipped, in ${(result.ms / 1000).toFixed(1)} s (CPU ${(result.cpuMs / 1000).toFixed(1)} s)\n${lines.join('\n')}`,
  );
  const report = result.problems.map((p) => `${p.where}: ${p.message}`).join('\n');
  expect(report, `${result.problems.length} problem(s) in the docs' code blocks`).toBe('');
}, 120_000);

it('markers: a skip needs a reason; unknown, misplaced and stray markers are refused', () => {
  const md = [
    '<!-- snippet: skip -->', // 1
    '```ts',
    'x;',
    '```',
    '<!-- snippet: skip — needs a live bank -->', // 5
    '```ts',
    'y;',
    '```',
    '<!-- snippet: maybe -->', // 9
    '```ts',
    '```',
    '<!-- snippet: continues -->', // 12
    '```sh',
    '```',
    '<!-- snippet: continues -->', // 15
    '',
    'text',
    '```ts',
    '```',
  ].join('\n');
  const { blocks, problems } = extractBlocks('x.md', md);
  expect(blocks.map((b) => [b.lang, b.line, b.marker?.kind])).toEqual([
    ['ts', 3, 'skip'],
    ['ts', 7, 'skip'],
    ['ts', 11, 'invalid'],
    ['sh', 14, 'continues'],
    ['ts', 19, undefined],
  ]);
  expect(blocks[1]?.marker).toEqual({ kind: 'skip', reason: 'needs a live bank' });
  expect(problems.map((p) => `${p.where} ${p.message}`)).toEqual([
    'x.md:1 snippet: skip needs a reason (<!-- snippet: skip — why -->)',
    "x.md:9 unknown snippet marker 'maybe'",
    'x.md:12 snippet marker on a ```sh block',
    'x.md:15 snippet marker not directly above a code block',
  ]);
});

// docs/architecture.md promises the blocks are checked against the packages' exports and .d.ts, never src/: a block
// that reaches an internal name, a source path or a subpath the package does not export must fail.
it('a block reaching past the exports (an internal name, src/, an unexported subpath) fails; an exported one passes', () => {
  const dir = path.join(root, 'node_modules/.cache/docs-probe');
  mkdirSync(dir, { recursive: true });
  const file = path.relative(root, path.join(dir, 'probe.md'));
  const block = (code: string) => ['```ts', code, '```', ''].join('\n');
  writeFileSync(
    path.join(root, file),
    [
      block("import { createJourney } from 'hosted-journey';\nexport const ok: typeof createJourney = createJourney;"),
      block("import { RESUME_KEY_PREFIX } from 'hosted-journey';\nexport const a = RESUME_KEY_PREFIX;"), // import on line 7
      block("import { createJourney } from 'hosted-journey/src/widget/journey';\nexport const b = createJourney;"), // 12
      block("import { optionsFrom } from 'hosted-journey/dist/surface.js';\nexport const c = optionsFrom;"), // 17
    ].join('\n'),
  );
  const probe = checkSnippets([file]);
  try {
    const lines = new Set(probe.problems.map((p) => Number(p.where.split(':').at(-1))));
    expect(probe.counts.get(file)?.checked).toBe(4);
    expect([...lines].sort((x, y) => x - y)).toEqual([7, 12, 17]); // the three bad imports, and nothing from the first block
  } finally {
    removeProject(probe.project);
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

// A journey_url fallback (`?? sandbox.url`, `?? 'http://127.0.0.1:4010'`) compiles and runs against the sandbox, and
// frames localhost in production when the field is missing: the docs test refuses it wherever a block writes it.
it('a block that falls back when journey_url is missing fails; one that throws saying so passes', () => {
  const dir = path.join(root, 'node_modules/.cache/docs-probe-journey-url');
  mkdirSync(dir, { recursive: true });
  const file = path.relative(root, path.join(dir, 'probe.md'));
  const start = [
    "import { createClient } from 'hosted-journey-server';",
    "const client = createClient({ baseUrl: 'http://127.0.0.1:4010', tokenId: 'sandbox_token', signingSecret: 's' });",
    "const app = await client.startApplication({ vendor: 'acme', ref: 'c1', full_name: 'A', email: 'a@b.co' });",
  ];
  const block = (...code: string[]) => ['```ts', ...start, ...code, 'export {};', '```', ''].join('\n');
  writeFileSync(
    path.join(root, file),
    [
      block("export const a = new URL(app.journey_url ?? 'http://127.0.0.1:4010').origin;"),
      block('export const b = new URL(app.journey_url || "http://localhost:4010").origin;'),
      block(
        "if (!app.journey_url) throw new Error('startApplication answered no journey_url');",
        'export const c = new URL(app.journey_url).origin;',
      ),
    ].join('\n'),
  );
  const probe = checkSnippets([file]);
  try {
    expect(probe.counts.get(file)?.checked).toBe(3);
    // The fallback lines of the first two blocks (markdown lines 5 and 13), nothing of the third.
    expect(probe.problems.map((p) => Number(p.where.split(':').at(-1)))).toEqual([5, 13]);
    for (const p of probe.problems) expect(p.message).toContain('a missing journey_url is an error that says so');
  } finally {
    removeProject(probe.project);
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
