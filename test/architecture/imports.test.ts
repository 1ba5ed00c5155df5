// Guards the dependency rules of docs/architecture.md: which part of src/ may import which, and that the sandbox and
// the demo enter another room only by a public entry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGES } from '../../scripts/packages.mjs';

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
  // The React Native binding: the protocol's browser half only (checked below), never the widget.
  'react-native': ['protocol'],
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
    for (const part of ['widget', 'child', 'bindings', 'react-native']) {
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

  it('src/react-native imports only React, React Native, react-native-webview and the protocol', () => {
    const allowedPackages = ['react', 'react-native', 'react-native-webview'];
    const violations = files(path.join(src, 'react-native')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => !spec.startsWith('.') && !allowedPackages.includes(spec))
        .map((spec) => `${path.relative(src, file)} → package '${spec}'`),
    );
    expect(violations).toEqual([]);
  });

  it('knows every part', () => {
    expect(parts.filter((p) => !(p in allowed))).toEqual([]);
  });
});

/**
 * Rooms entered by their doors: a room reaches into another only through a public entry — a source whose declarations
 * a package's exports map names (scripts/packages.mjs), as an integrator's import would. The sandbox uses the server as
 * any integrator does (src/protocol, the room below both, it may import freely); the demo is an integrator's app, so
 * everything it takes from src/ comes through an entry, and src/protocol (no entry of its own) only as an entry
 * re-exports it.
 */
const repo = path.resolve(__dirname, '../..');
const publicEntries = new Set(
  Object.values(PACKAGES).flatMap(({ exports }) =>
    Object.values(exports as Record<string, unknown>).flatMap((target) => {
      const types = (target as { types?: string }).types;
      const source = types?.match(/^\.\/dist\/types\/(.+)\.d\.ts$/)?.[1];
      return source ? [`src/${source}`] : [];
    }),
  ),
);
/** room (a folder of the repository) → the rooms of src/ it may enter only by a public entry. */
const doors: Record<string, string[]> = {
  'src/sandbox': ['src/server', 'src/widget', 'src/child', 'src/bindings'],
  demo: ['src/protocol', 'src/server', 'src/sandbox', 'src/widget', 'src/child', 'src/bindings'],
};

/**
 * Imports past a door that exist today, each with what it waits for; one that is gone fails the test until it is struck
 * off, and no other may be added. None today: the OpenAPI document names the client's methods of each operation from
 * src/protocol (`clientMethodsOf`), no longer from the client's own table.
 */
const PAST_THE_DOOR_TODAY: string[] = [];

/** `spec`, imported by `file` (paths from the repository root), when it enters a room of `rooms` past its entries. */
function pastTheDoor(file: string, spec: string, rooms: string[]): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = path
    .relative(repo, path.resolve(repo, path.dirname(file), spec))
    .split(path.sep)
    .join('/');
  const room = rooms.find((r) => target.startsWith(`${r}/`));
  if (!room) return undefined;
  const source = target.replace(/\.(js|ts|tsx)$/, '');
  return publicEntries.has(source) ? undefined : `${file} → ${spec} (inside ${room}; no package exports it)`;
}

function roomFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return roomFiles(rel);
    return /\.(ts|tsx|mjs|js)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [rel] : [];
  });
}

describe('rooms entered by their doors', () => {
  it('the public entries are the sources the packages export', () => {
    for (const entry of ['src/server/index', 'src/server/stores/index', 'src/server/testing', 'src/sandbox/index'])
      expect(publicEntries).toContain(entry);
    expect(publicEntries).toContain('src/sandbox/testing/index');
    expect(publicEntries).not.toContain('src/protocol/index');
  });

  const found = Object.entries(doors).map(([from, rooms]) => ({
    from,
    rooms,
    violations: roomFiles(from).flatMap((file) =>
      importsOf(path.join(repo, file)).flatMap((spec) => pastTheDoor(file, spec, rooms) ?? []),
    ),
  }));
  for (const { from, rooms, violations } of found) {
    it(`${from} enters ${rooms.join(', ')} only by a public entry`, () => {
      expect(violations.filter((v) => !PAST_THE_DOOR_TODAY.includes(v))).toEqual([]);
    });
  }

  it('every import listed as past a door today still exists (strike it off when it is gone)', () => {
    const all = found.flatMap((f) => f.violations);
    expect(PAST_THE_DOOR_TODAY.filter((v) => !all.includes(v))).toEqual([]);
  });

  it('the rule refuses an inner file or src/protocol and lets an entry through', () => {
    const sandbox = doors['src/sandbox']!;
    const demo = doors.demo!;
    expect(pastTheDoor('src/sandbox/start.ts', '../server/index.js', sandbox)).toBeUndefined();
    expect(pastTheDoor('src/sandbox/core/trace.ts', '../../server/telemetry/index.js', sandbox)).toBeUndefined();
    expect(pastTheDoor('src/sandbox/core/trace.ts', '../../protocol/trace-context.js', sandbox)).toBeUndefined();
    expect(pastTheDoor('src/sandbox/core/trace.ts', '../../server/telemetry/load.js', sandbox)).toMatch(/src\/server/);
    expect(pastTheDoor('src/sandbox/core/errors.ts', '../../server/errors.js', sandbox)).toMatch(/src\/server/);
    expect(pastTheDoor('demo/x.ts', '../src/sandbox/testing/index.js', demo)).toBeUndefined();
    expect(pastTheDoor('demo/spa/main.ts', '../../src/widget/index.js', demo)).toBeUndefined();
    expect(pastTheDoor('demo/x.ts', '../src/sandbox/testing/trigger.js', demo)).toMatch(/src\/sandbox/);
    expect(pastTheDoor('demo/x.ts', '../src/protocol/index.js', demo)).toMatch(/src\/protocol/);
    expect(pastTheDoor('demo/x.ts', '../scripts/entries.mjs', demo)).toBeUndefined();
  });
});
