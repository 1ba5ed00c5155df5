// Guards the dependency rules of docs/architecture.md: which part of src/ may import which.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../../src');
const parts = readdirSync(src).filter((d) => statSync(path.join(src, d)).isDirectory());

/** part → parts it may import (itself always allowed). */
const allowed: Record<string, string[]> = {
  protocol: [],
  widget: ['protocol'],
  child: ['protocol'],
  bindings: ['protocol', 'widget'],
  server: ['protocol'],
  sandbox: ['protocol', 'server', 'child'],
};
/** Packages browser code may import; anything else (node:*, redis, pdfkit, …) is a violation. */
const browserPackages = [
  /^preact(\/|$)/,
  /^zod\/mini$/,
  /^@open-iframe-resizer\/core$/,
  /^react(\/|$)/,
  /^react-dom(\/|$)/,
  // Types only (src/bindings/frameworks: `<hosted-journey>` in their template checkers), never run: see below.
  /^vue$/,
  /^svelte\/elements$/,
];
const browserParts = ['protocol', 'widget', 'child', 'bindings'];

/**
 * `src/sandbox/journey/browser` is browser code inside the Node part `sandbox`: it is bundled into self-contained page assets
 * (dist/sandbox-assets/), so it may import only itself, src/protocol, src/child and browser-safe packages — never
 * node: built-ins, src/server or the Node side of src/sandbox.
 */
const pagesDir = path.join(src, 'sandbox', 'journey', 'browser');
const pagesMayImport = [pagesDir, path.join(src, 'protocol'), path.join(src, 'child')];

function pageViolations(file: string, specs: string[]): string[] {
  return specs.flatMap((spec) => {
    if (spec.startsWith('.')) {
      const target = path.resolve(path.dirname(file), spec);
      return pagesMayImport.some((dir) => target.startsWith(dir + path.sep))
        ? []
        : [`${path.relative(src, file)} → ${spec}`];
    }
    return browserPackages.some((re) => re.test(spec))
      ? []
      : [`${path.relative(src, file)} → package '${spec}' in browser code`];
  });
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].map((m) => (m[1] ?? m[2] ?? m[3])!).filter(Boolean);
}

/** `entry` and every module it reaches, followed relative import by relative import (.ts paths). */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of importsOf(file).filter((s) => s.startsWith('.')))
      visit(path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'));
  };
  visit(entry);
  return seen;
}

describe('dependency rules between parts of src/', () => {
  for (const part of parts) {
    it(`${part} imports only what it may`, () => {
      const violations: string[] = [];
      for (const file of files(path.join(src, part))) {
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.')) {
            const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
            if (target !== part && !(allowed[part] ?? []).includes(target))
              violations.push(`${path.relative(src, file)} → ${spec}`);
          } else if (browserParts.includes(part) && !browserPackages.some((re) => re.test(spec))) {
            violations.push(`${path.relative(src, file)} → package '${spec}' in browser code`);
          }
        }
      }
      expect(violations).toEqual([]);
    });
  }

  it('browser parts reach the protocol only through src/protocol/browser.ts and what it reaches (no zod in browser bundles)', () => {
    // A module browser.ts reaches may be imported directly (a lazy part that must not carry the message schemas does);
    // the next test keeps every one of them free of zod.
    const allowed = new Set(
      [...reachedFrom(path.join(src, 'protocol', 'browser.ts'))].map((f) => f.replace(/\.ts$/, '.js')),
    );
    const violations: string[] = [];
    for (const part of ['widget', 'child', 'bindings']) {
      for (const file of files(path.join(src, part))) {
        for (const spec of importsOf(file)) {
          if (!spec.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), spec);
          if (path.relative(src, target).startsWith(`protocol${path.sep}`) && !allowed.has(target))
            violations.push(`${path.relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('src/protocol/browser.ts and what it re-exports never import zod', () => {
    const seen = reachedFrom(path.join(src, 'protocol', 'browser.ts'));
    expect(seen.size).toBeGreaterThan(8);
    for (const file of seen) expect(importsOf(file).filter((s) => s.startsWith('zod'))).toEqual([]);
  });

  it('src/sandbox/journey/browser (browser bundles) imports only itself, src/protocol, src/child and browser-safe packages', () => {
    const violations = files(pagesDir).flatMap((file) => pageViolations(file, importsOf(file)));
    expect(violations).toEqual([]);
  });

  it('the pages rule rejects node: built-ins, other packages, src/server and the rest of src/sandbox', () => {
    const page = path.join(pagesDir, 'steps', 'example.tsx');
    const ok = [
      'preact',
      'preact/hooks',
      '../../../../protocol/url.js',
      '../../../../child/index.js',
      '../ui.js',
      './other.js',
    ];
    expect(pageViolations(page, ok)).toEqual([]);
    const bad = [
      'node:fs',
      'fs',
      'pdfkit',
      'zod',
      '../../../../server/index.js',
      '../../../core/state.js',
      '../../../credit/pdf.js',
      '../../../../widget/index.js',
    ];
    expect(pageViolations(page, bad)).toHaveLength(bad.length);
  });

  it('vue and svelte are imported for their types only, never at run time', () => {
    const runtime = ['protocol', 'widget', 'child', 'bindings'].flatMap((part) =>
      files(path.join(src, part)).flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(/^\s*import\s+(?!type\s)[^;]*?from\s*['"](vue|svelte[^'"]*)['"]/gm),
        ].map((m) => `${path.relative(src, file)} → ${m[1]}`),
      ),
    );
    expect(runtime).toEqual([]);
  });

  it('knows every part', () => {
    expect(parts.filter((p) => !(p in allowed))).toEqual([]);
  });
});
