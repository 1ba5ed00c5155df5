// hosted-journey-server's doors, in the built package (dist/packages/hosted-journey-server linked into a temporary
// project, every entry resolved through its exports map by TypeScript and by Node): the root exports at most
// ROOT_BUDGET names; each name docs/server.md ("Where names moved") says left the root is exported by the entry it
// names and not by the root; no name has two doors; each entry's Node, Web Crypto and browser files carry the same
// run-time names. Needs `node scripts/build.mjs` first (npm test builds).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const NAME = 'hosted-journey-server';
const PACKAGE = path.resolve('dist/packages', NAME);
/** What most integrators import: client, handler and adapters, verification, errors and guards, the events. */
const ROOT_BUDGET = 60;

type Conditions = Record<string, string>;
let project: string;
let exportsMap: Record<string, Conditions | string>;
/** Subpath ('.', './stores', …) → every name its declarations export, values and types. */
const declared = new Map<string, string[]>();

/** The module entries of the exports map (not ./web, the root's forced Web build, nor the JSON files). */
const entries = () => Object.keys(exportsMap).filter((k) => !/^\.\/(web|package\.json|openapi\.json)$/.test(k));
const specifier = (subpath: string) => (subpath === '.' ? NAME : `${NAME}/${subpath.slice(2)}`);

/** Every name each entry's declarations export, resolved by TypeScript through the package's exports map. */
function declaredNames(subpaths: string[]): Map<string, string[]> {
  const probe = path.join(project, 'probe.ts');
  writeFileSync(probe, subpaths.map((s, i) => `import * as e${i} from '${specifier(s)}';`).join('\n'));
  const program = ts.createProgram([probe], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const out = new Map<string, string[]>();
  source.statements.forEach((statement, i) => {
    const from = (statement as ts.ImportDeclaration).moduleSpecifier;
    const module = checker.getSymbolAtLocation(from);
    if (!module) throw new Error(`${specifier(subpaths[i]!)} does not resolve to declarations`);
    out.set(
      subpaths[i]!,
      checker.getExportsOfModule(module).map((s) => s.name),
    );
  });
  return out;
}

/** docs/server.md's "Where names moved" table: subpath → the names its row lists. */
function movedInDocs(): Map<string, string[]> {
  const text = readFileSync(path.resolve('docs/server.md'), 'utf8');
  const section = text.split('\n## Where names moved\n')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const m of section.matchAll(/^\| (`.+?) \| `hosted-journey-server\/(\w+)` \|$/gm))
    rows.set(
      `./${m[2]}`,
      [...m[1]!.matchAll(/`(\w+)`/g)].map((n) => n[1]!),
    );
  return rows;
}

beforeAll(() => {
  if (!existsSync(path.join(PACKAGE, 'package.json'))) throw new Error(`${PACKAGE} is missing: run npm run build`);
  exportsMap = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')).exports;
  project = mkdtempSync(path.join(tmpdir(), 'hj-server-entries-'));
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(PACKAGE, path.join(project, 'node_modules', NAME), 'dir');
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
  for (const [subpath, names] of declaredNames(entries())) declared.set(subpath, names);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('hosted-journey-server: the root and the entries named for their concern', () => {
  it(`the root exports at most ${ROOT_BUDGET} names, the client's, handler's, verifiers' and errors' among them`, () => {
    const root = declared.get('.')!;
    expect(root.length, root.join(' ')).toBeLessThanOrEqual(ROOT_BUDGET);
    for (const name of ['createClient', 'createWebhookHandler', 'toNodeHandler', 'verifyWebhook', 'WebhookEvent'])
      expect(root).toContain(name);
    expect(root).toContain('isSignatureVerificationError');
  });

  it('every name of the "Where names moved" table is exported by the entry it names, and not by the root', () => {
    const moved = movedInDocs();
    expect([...moved.keys()].sort()).toEqual(
      entries()
        .filter((e) => e !== '.')
        .sort(),
    );
    for (const [subpath, names] of moved) {
      expect(names.length, subpath).toBeGreaterThan(0);
      expect(
        names.filter((n) => !declared.get(subpath)!.includes(n)),
        `missing from ${subpath}`,
      ).toEqual([]);
      expect(
        names.filter((n) => declared.get('.')!.includes(n)),
        `still at the root`,
      ).toEqual([]);
    }
  });

  it('no name has two doors', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [subpath, names] of declared)
      for (const name of names) {
        if (seen.has(name)) twice.push(`${name}: ${seen.get(name)} and ${subpath}`);
        seen.set(name, subpath);
      }
    expect(twice).toEqual([]);
  });

  it("each entry's Node, Web Crypto and browser files export the same run-time names, all declared", async () => {
    for (const subpath of entries()) {
      const target = exportsMap[subpath] as Conditions;
      if (!target.default) {
        expect(Object.keys(target), `${subpath} is declarations only`).toEqual(['types']);
        continue;
      }
      expect(Object.keys(target)[0], `${subpath}: types condition first`).toBe('types');
      const load = async (file: string) =>
        Object.keys(await import(pathToFileURL(path.join(PACKAGE, file)).href)).sort();
      const node = await load(target.default);
      expect(node.length, subpath).toBeGreaterThan(0);
      expect(await load(target.worker!), `${subpath}: the Web Crypto build`).toEqual(node);
      const refusal = readFileSync(path.join(PACKAGE, target.browser!), 'utf8');
      expect([...refusal.matchAll(/^export const (\w+) = refuse;$/gm)].map((m) => m[1]).sort()).toEqual(node);
      expect(
        node.filter((n) => !declared.get(subpath)!.includes(n)),
        `${subpath}: undeclared`,
      ).toEqual([]);
    }
  });
});
