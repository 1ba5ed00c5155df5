/**
 * The docs test's engine: extracts every ```ts, ```tsx, ```js and ```html block of README.md and docs/**\/*.md and
 * type-checks them in ONE TypeScript program against the BUILT packages (dist/packages/*), resolved through a
 * temporary integrator project whose node_modules links `hosted-journey`, `hosted-journey-server` and
 * `hosted-journey-sandbox` to them — package exports and .d.ts, never src/.
 *
 * Markers (an HTML comment on the nearest non-blank line above a fence; unknown or stray markers fail the test):
 *   <!-- snippet: skip — reason -->        not checked; the reason is required
 *   <!-- snippet: continues -->            joined with the previous checked block of the same file (one scope)
 *   <!-- snippet: quick-start FILE -->     part of FILE (blocks naming one FILE are joined in order); type-checked
 *                                          here and RUN by test/docs/quick-start.test.ts
 * ```html blocks: inline <script> bodies are checked as JavaScript (checkJs, strict) with the script tag's global
 * `HostedJourney`; the `data-*` attributes of a `hosted-journey.iife.js` script tag and the attributes of
 * `<hosted-journey>` must be ones the widget reads.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { DEFAULT_TOKENS } from '../../src/sandbox/start.js';
import { INSTITUTIONS } from '../../src/sandbox/data/institutions.js';
import { buildJourneyUrl, type JourneyUrlOptions } from '../../src/protocol/url.js';
import { optionsFromDataset } from '../../src/widget/automount.js';
import { attributeName, NOT_EL, NOT_TAG, optionsFrom, rows } from '../../src/widget/surface.js';

export const root = path.resolve(import.meta.dirname, '../..');
export const PACKAGE_NAMES = ['hosted-journey', 'hosted-journey-server', 'hosted-journey-sandbox'] as const;
/** Third-party packages a snippet may import (linked from the repository's node_modules). */
const LINKED = [
  'react',
  'react-dom',
  'preact',
  'redis',
  '@opentelemetry',
  '@types',
  '@playwright',
  'playwright',
  'playwright-core',
  'tsx',
  'typescript',
];
const CHECKED = new Set(['ts', 'tsx', 'js', 'html']);

export type Marker =
  | { kind: 'skip'; reason: string }
  | { kind: 'continues' }
  | { kind: 'quick-start'; file: string }
  | { kind: 'invalid'; text: string };

export interface Block {
  /** Markdown file, relative to the repository root. */
  file: string;
  lang: string;
  /** 1-based line of the block's first code line in the markdown file. */
  line: number;
  code: string;
  marker?: Marker;
}

export interface Problem {
  /** `docs/server.md:123` */
  where: string;
  message: string;
}

/** README.md, every docs/**\/*.md (sorted) and the three packages' READMEs. */
export function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  // The READMEs npm shows for each package (written by scripts/packages.mjs into the built packages).
  for (const name of PACKAGE_NAMES) out.push(`dist/packages/${name}/README.md`);
  return out;
}

const MARKER = /^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$/;

function parseMarker(text: string): Marker {
  const skip = /^skip\b\s*(?:[—–:-]\s*)?(.*)$/.exec(text);
  if (skip) return { kind: 'skip', reason: (skip[1] ?? '').trim() };
  if (text === 'continues') return { kind: 'continues' };
  const qs = /^quick-start\s+([\w.-]+\.(?:ts|tsx|js|mjs|html))$/.exec(text);
  if (qs?.[1]) return { kind: 'quick-start', file: qs[1] };
  return { kind: 'invalid', text };
}

/** The fenced blocks of one markdown file (any language), with their markers; stray markers are problems. */
export function extractBlocks(file: string, text = readFileSync(path.join(root, file), 'utf8')) {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  const problems: Problem[] = [];
  const used = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    // A fence (CommonMark): 3+ backticks or tildes; a backtick fence's info string has no backtick.
    const open = /^(\s*)(`{3,}(?=[^`]*$)|~{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '```', lang = ''] = open;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[end]!)) end++;
    const code = lines
      .slice(i + 1, end)
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
      .join('\n');
    let above = i - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const m = above >= 0 ? MARKER.exec(lines[above]!) : null;
    const block: Block = { file, lang: lang.toLowerCase(), line: i + 2, code };
    if (m) {
      used.add(above);
      block.marker = parseMarker(m[1] ?? '');
      const where = `${file}:${above + 1}`;
      if (block.marker.kind === 'invalid')
        problems.push({ where, message: `unknown snippet marker '${block.marker.text}'` });
      else if (!CHECKED.has(block.lang))
        problems.push({ where, message: `snippet marker on a \`\`\`${block.lang || '(plain)'} block` });
      else if (block.marker.kind === 'skip' && !block.marker.reason)
        problems.push({ where, message: 'snippet: skip needs a reason (<!-- snippet: skip — why -->)' });
    }
    blocks.push(block);
    i = end;
  }
  lines.forEach((l, i) => {
    if (MARKER.test(l) && !used.has(i))
      problems.push({ where: `${file}:${i + 1}`, message: 'snippet marker not directly above a code block' });
  });
  return { blocks, problems };
}

/** One file of the program: blocks joined, with the markdown line of every line. */
interface Unit {
  name: string;
  ext: 'ts' | 'tsx' | 'js';
  text: string;
  lines: string[]; // markdown `file:line` of each line of `text`
}

function jsxPragma(code: string): string {
  return /from ['"](?:preact|hosted-journey\/preact)['"]/.test(code) ? '/** @jsxImportSource preact */' : '';
}

/** Script elements of an ```html block: attributes, inline body and the body's first line within the block. */
function scriptsOf(html: string) {
  const out: Array<{ attrs: Map<string, string>; body: string; bodyLine: number; tagLine: number }> = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = attributesOf(m[1] ?? '');
    const before = html.slice(0, m.index);
    const tagLine = before.split('\n').length - 1;
    const bodyStart = m.index + m[0].indexOf('>') + 1;
    out.push({ attrs, body: m[2] ?? '', bodyLine: html.slice(0, bodyStart).split('\n').length - 1, tagLine });
  }
  return out;
}

function attributesOf(text: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const a of text.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
    attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
  return attrs;
}

/** Attribute names the widget reads: the script tag's `data-*` and `<hosted-journey>`'s (src/widget/surface.ts). */
function widgetAttributes() {
  const tag = new Set(['data-trigger']);
  const element = new Set(['multiple', 'journey-title']); // deprecated names, still read
  for (const [name, row, group] of rows()) {
    if (group === undefined && (name === 'theme' || name === 'prefill')) continue;
    if (!(row & NOT_TAG)) tag.add(`data-${attributeName(name)}`);
    if (!(row & NOT_EL)) element.add(attributeName(name));
  }
  return { tag, element };
}
const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'style', 'hidden', 'lang', 'dir', 'tabindex', 'slot', 'part']);

/** The script tag's global, typed from the built package: the names `src/widget/iife.ts` exports. */
function iifeGlobal(): { names: Set<string>; declaration: string } {
  const src = readFileSync(path.join(root, 'src/widget/iife.ts'), 'utf8');
  const sf = ts.createSourceFile('iife.ts', src, ts.ScriptTarget.ES2022);
  const members: string[] = [];
  const names = new Set<string>();
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause))
      for (const el of st.exportClause.elements) {
        names.add(el.name.text);
        members.push(`${el.name.text}: typeof HJ.${(el.propertyName ?? el.name).text};`);
      }
    else if (ts.isVariableStatement(st) && st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === 'mounted') {
          names.add('mounted');
          members.push('mounted: Promise<HJ.JourneyHandle | null>;');
        }
  }
  const declaration = [
    "import type * as HJ from 'hosted-journey';",
    'declare global {',
    '  /** `<script src=".../hosted-journey.iife.js">`: the global of src/widget/iife.ts. */',
    `  var HostedJourney: {\n    ${members.join('\n    ')}\n  };`,
    '}',
    'export {};',
    '',
  ].join('\n');
  return { names, declaration };
}

const REACT_NATIVE_STUBS = path.join(root, 'src/react-native/platform.d.ts');

/**
 * Frameworks the recipes import but the repository does not install (examples/ runs the real ones): the few
 * signatures the recipes use, typed as the frameworks type them.
 */
const FRAMEWORK_STUBS = `
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  interface Express {
    (req: IncomingMessage, res: ServerResponse): void;
    post(path: string, ...handlers: Handler[]): Express;
    get(path: string, ...handlers: Handler[]): Express;
    use(...handlers: Handler[]): Express;
    listen(port: number, callback?: () => void): import('node:http').Server;
  }
  interface ExpressFn {
    (): Express;
    json(): Handler;
    raw(options?: { type?: string; limit?: string | number }): Handler;
  }
  const express: ExpressFn;
  export default express;
}
declare module 'hono' {
  export interface Context { req: { raw: Request; url: string; method: string }; }
  export class Hono {
    post(path: string, handler: (c: Context) => Response | Promise<Response>): this;
    get(path: string, handler: (c: Context) => Response | Promise<Response>): this;
    fetch: (request: Request) => Response | Promise<Response>;
  }
}
`;

/**
 * An environment variable that falls back to the sandbox (`process.env.HJ_API_URL ?? 'http://127.0.0.1:4010'`,
 * `|| 'sandbox_secret'`, `?? sandbox.url`): it runs against the sandbox as pasted, and in production, with the variable
 * missing, talks to localhost or signs with the sandbox's secret instead of stopping.
 */
export const SANDBOX_FALLBACK =
  /process\.env(?:\.\w+|\[[^\]]+\])\s*(?:\?\?|\|\|)\s*(?:['"`][^'"`]*(?:127\.0\.0\.1|localhost|\[::1\]|sandbox_)|\w*sandbox\w*\.)/i;

/**
 * Values a checked block may not use: they type-check but fail against the sandbox, or work against it and fail in
 * production. Literal bank ids and token ids must be the sandbox's own.
 */
const BAD_VALUES: Array<[RegExp, string]> = [
  [/journey\.example\.com/, 'no journey there: use the sandbox URL (or the origin of journey_url)'],
  [/api\.example\.com/, 'no service there: use the sandbox URL as baseUrl'],
  [/['"]wh_1['"]/, "the sandbox signs deliveries with the API token's secret: key { tokenId: 'sandbox_token', … }"],
  [
    /\bjourney_url\s*(?:\?\?|\|\|)/,
    'a missing journey_url is an error that says so, never a fallback: copied to production, it would frame localhost',
  ],
  [
    SANDBOX_FALLBACK,
    "a variable read from the environment never falls back to the sandbox's URL, token or secret: a missing one is " +
      'an error that names it (a block for the sandbox writes its values as such)',
  ],
];
const BANKS = new Set(INSTITUTIONS.map((i) => i.id));
const TOKENS = new Set(DEFAULT_TOKENS.map((t) => t.tokenId));

function valueProblems(code: string, lines: string[], where: string): Problem[] {
  const out: Problem[] = [];
  code.split('\n').forEach((text, i) => {
    const at = lines[i] ?? where;
    for (const [re, why] of BAD_VALUES) if (re.test(text)) out.push({ where: at, message: `${re.source}: ${why}` });
    for (const m of text.matchAll(
      /\b(?:bank_id|institution_id|institutionId|institution-id)["']?\s*[:=]\s*["']([^"']+)["']/g,
    ))
      if (!BANKS.has(m[1]!))
        out.push({ where: at, message: `'${m[1]}' is not a sandbox bank (${[...BANKS].join(', ')})` });
    for (const m of text.matchAll(/\btokenId\s*:\s*["']([^"']+)["']/g))
      if (!TOKENS.has(m[1]!))
        out.push({ where: at, message: `'${m[1]}' is not the sandbox's token ('sandbox_token')` });
  });
  return out;
}

export interface CheckResult {
  problems: Problem[];
  /** Per markdown file: blocks checked and skipped (with reasons). */
  counts: Map<string, { checked: number; skipped: number; reasons: string[] }>;
  /** quick-start FILE → its source as written to the project, by markdown file. */
  quickStarts: Map<string, { file: string; name: string; text: string }>;
  /** The temporary integrator project (node_modules links to dist/packages/*). */
  project: string;
  /** Wall time and CPU time (user + system) of extraction, program and diagnostics. */
  ms: number;
  cpuMs: number;
}

/** The output a page shows for a program: the plain ``` block right after the program's last block. */
export function shownOutput(file: string, program: string): string {
  const blocks = extractBlocks(file).blocks;
  const last = blocks.map((b) => b.marker?.kind === 'quick-start' && b.marker.file === program).lastIndexOf(true);
  const shown = blocks[last + 1];
  if (shown?.lang !== '') throw new Error(`${file}: no output block after ${program}`);
  return shown.code.trim();
}

/** A temporary integrator project (createProject) with each of `programs` saved in it under its file name. */
export function projectWith(programs: Iterable<[string, string]>): string {
  const project = createProject();
  for (const [file, source] of programs) writeFileSync(path.join(project, file), source);
  return project;
}

/** Creates the temporary integrator project: package.json (ESM) and node_modules links. */
export function createProject(): string {
  for (const name of PACKAGE_NAMES) {
    try {
      readFileSync(path.join(root, 'dist/packages', name, 'package.json'));
    } catch {
      throw new Error(`dist/packages/${name} is not built: run \`node scripts/build.mjs\` (npm test builds first)`);
    }
  }
  const project = mkdtempSync(path.join(tmpdir(), 'hj-docs-'));
  writeFileSync(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'docs-snippets', private: true, type: 'module' }, null, 2)}\n`,
  );
  mkdirSync(path.join(project, 'node_modules'));
  for (const name of PACKAGE_NAMES)
    symlinkSync(path.join(root, 'dist/packages', name), path.join(project, 'node_modules', name), 'dir');
  for (const name of LINKED)
    symlinkSync(path.join(root, 'node_modules', name), path.join(project, 'node_modules', name), 'dir');
  return project;
}

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  moduleDetection: ts.ModuleDetectionKind.Force,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  allowJs: true,
  checkJs: true,
  types: ['node'],
  skipLibCheck: true,
  noEmit: true,
  esModuleInterop: true,
};

/** Declarations parsed once per process (the lib, @types and the built packages' .d.ts), by path. */
const parsed = new Map<string, ts.SourceFile>();

/**
 * A compiler host that parses each file outside `project` (its snippets and ambient files) once per process: the
 * probes' programs then check their blocks against the same declarations without parsing them again. The build does
 * not change while the tests run, and a source file is shared between programs with the same options as the
 * language service's document registry does.
 */
function cachingHost(project: string): ts.CompilerHost {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.resolve(fileName).startsWith(`${project}${path.sep}`))
      return read(fileName, languageVersion, onError, shouldCreate);
    let file = parsed.get(fileName);
    if (!file) {
      file = read(fileName, languageVersion, onError, shouldCreate);
      if (file) parsed.set(fileName, file);
    }
    return file;
  };
  return host;
}

/** Extracts, writes and type-checks every block. */
export function checkSnippets(files = markdownFiles()): CheckResult {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const project = createProject();
  const problems: Problem[] = [];
  const counts: CheckResult['counts'] = new Map();
  const units: Unit[] = [];
  const quick = new Map<string, Unit & { file: string; qs: string }>();
  const { tag: tagAttributes, element: elementAttributes } = widgetAttributes();
  const global = iifeGlobal();

  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { blocks, problems: stray } = extractBlocks(file, text);
    problems.push(...stray);
    // Prose and code alike: every `HostedJourney.x` names a member of the script tag's global.
    text.split('\n').forEach((l, i) => {
      for (const m of l.matchAll(/\bHostedJourney\.([A-Za-z_$][\w$]*)/g))
        if (!global.names.has(m[1]!))
          problems.push({ where: `${file}:${i + 1}`, message: `the script tag's global has no HostedJourney.${m[1]}` });
    });
    const count = { checked: 0, skipped: 0, reasons: [] as string[] };
    counts.set(file, count);
    let previous: Unit | undefined;
    blocks.forEach((b, index) => {
      const where = `${file}:${b.line - 1}`;
      if (b.marker?.kind === 'invalid' || !CHECKED.has(b.lang)) return; // reported by extractBlocks
      if (b.marker?.kind === 'skip') {
        count.skipped++;
        count.reasons.push(`${where} ${b.marker.reason}`);
        return;
      }
      count.checked++;
      const mdLines = b.code.split('\n').map((_, i) => `${file}:${b.line + i}`);
      problems.push(...valueProblems(b.code, mdLines, where));
      if (b.lang === 'html') {
        previous = undefined;
        scriptsOf(b.code).forEach((s, si) => {
          const src = s.attrs.get('src');
          if (src?.endsWith('hosted-journey.iife.js')) {
            const at = mdLines[s.tagLine] ?? where;
            for (const name of s.attrs.keys())
              if (name.startsWith('data-') && !tagAttributes.has(name))
                problems.push({ where: at, message: `the script tag does not read '${name}'` });
            // Its values as the script tag reads them, through the checks of the journey URL.
            const dataset: Record<string, string> = {};
            for (const [name, value] of s.attrs)
              if (name.startsWith('data-'))
                dataset[name.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
            if (dataset.vendor !== undefined)
              try {
                buildJourneyUrl(optionsFromDataset(dataset));
              } catch (e) {
                problems.push({ where: at, message: `the script tag's options fail: ${(e as Error).message}` });
              }
          }
          const type = s.attrs.get('type') ?? '';
          if (src === undefined && s.body.trim() && ['', 'module', 'text/javascript'].includes(type))
            units.push({
              name: `${slug(file)}-${b.line}-script${si}`,
              ext: 'js',
              text: s.body,
              lines: mdLines.slice(s.bodyLine),
            });
        });
        for (const m of b.code.matchAll(/<hosted-journey\b([^>]*)>/g)) {
          const tagLine = b.code.slice(0, m.index).split('\n').length - 1;
          const attrs = attributesOf(m[1] ?? '');
          for (const name of attrs.keys())
            if (!elementAttributes.has(name) && !GLOBAL_ATTRIBUTES.has(name) && !name.startsWith('data-'))
              problems.push({
                where: mdLines[tagLine] ?? where,
                message: `<hosted-journey> does not read '${name}'`,
              });
          try {
            buildJourneyUrl(optionsFrom((name) => attrs.get(attributeName(name)), NOT_EL) as JourneyUrlOptions);
          } catch (e) {
            problems.push({
              where: mdLines[tagLine] ?? where,
              message: `<hosted-journey>'s options fail: ${(e as Error).message}`,
            });
          }
        }
        return;
      }
      const ext = b.lang as Unit['ext'];
      if (b.marker?.kind === 'quick-start') {
        const key = `${file}#${b.marker.file}`;
        const existing = quick.get(key);
        if (existing) {
          existing.text += `\n${b.code}`;
          existing.lines.push(...mdLines);
        } else {
          const unit = {
            name: `${slug(file)}-quick-start-${b.marker.file.replace(/\.\w+$/, '')}`,
            ext: b.marker.file.endsWith('.tsx') ? 'tsx' : b.marker.file.endsWith('.js') ? 'js' : 'ts',
            text: b.code,
            lines: mdLines,
            file,
            qs: b.marker.file,
          } satisfies Unit & { file: string; qs: string };
          quick.set(key, unit);
          units.push(unit);
        }
        previous = undefined;
        return;
      }
      if (b.marker?.kind === 'continues') {
        if (!previous) {
          problems.push({ where, message: 'snippet: continues, but no checked ts/tsx/js block precedes it' });
          return;
        }
        if ((previous.ext === 'js') !== (ext === 'js')) {
          problems.push({ where, message: 'snippet: continues joins JavaScript with TypeScript' });
          return;
        }
        previous.text += `\n${b.code}`;
        previous.lines.push(...mdLines);
        if (ext === 'tsx') previous.ext = 'tsx';
        return;
      }
      const pragma = ext === 'tsx' ? jsxPragma(b.code) : '';
      previous = {
        name: `${slug(file)}-${b.line}-${index}`,
        ext,
        text: pragma ? `${pragma}\n${b.code}` : b.code,
        lines: pragma ? [mdLines[0] ?? where, ...mdLines] : mdLines,
      };
      units.push(previous);
    });
  }

  // Write the units and the ambient files; one program for all of them.
  const dir = path.join(project, 'snippets');
  mkdirSync(dir);
  const byPath = new Map<string, Unit>();
  for (const u of units) {
    if (u.ext === 'tsx' && jsxPragma(u.text) && !u.text.startsWith('/** @jsxImportSource')) {
      u.text = `${jsxPragma(u.text)}\n${u.text}`;
      u.lines.unshift(u.lines[0] ?? '');
    }
    const p = path.join(dir, `${u.name}.${u.ext}`);
    writeFileSync(p, u.text);
    byPath.set(p, u);
  }
  const ambient = [path.join(project, 'hosted-journey-global.d.ts'), path.join(project, 'frameworks.d.ts')];
  writeFileSync(ambient[0]!, global.declaration);
  // react-native and react-native-webview are not installed either: the binding's own declarations of them.
  writeFileSync(ambient[1]!, FRAMEWORK_STUBS + readFileSync(REACT_NATIVE_STUBS, 'utf8'));

  const program = ts.createProgram({
    rootNames: [...byPath.keys(), ...ambient],
    options: COMPILER_OPTIONS,
    host: cachingHost(project),
  });
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) {
      problems.push({ where: '(program)', message });
      continue;
    }
    const unit = byPath.get(path.resolve(d.file.fileName));
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    if (!unit) {
      problems.push({ where: `${path.relative(project, d.file.fileName)}:${line + 1}`, message });
      continue;
    }
    const lineText = d.file.text.split('\n')[line]?.trim() ?? '';
    problems.push({ where: unit.lines[line] ?? `${unit.name}:${line + 1}`, message: `${message}\n      ${lineText}` });
  }
  const quickStarts: CheckResult['quickStarts'] = new Map();
  for (const q of quick.values()) quickStarts.set(q.qs, { file: q.file, name: q.qs, text: q.text });
  for (const p of problems)
    if (p.where.startsWith('dist/packages/')) p.message += ' [that README is written by scripts/packages.mjs]';
  problems.sort((a, b) => order(a.where) - order(b.where) || a.where.localeCompare(b.where, 'en', { numeric: true }));
  const cpu = process.cpuUsage(cpu0);
  return { problems, counts, quickStarts, project, ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };

  function order(where: string) {
    const i = files.indexOf(where.replace(/:\d+$/, ''));
    return i < 0 ? files.length : i;
  }
}

/** The quick-start programs of one markdown file: FILE → the source of its blocks, joined in order. */
export function quickStartsOf(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of extractBlocks(file).blocks)
    if (b.marker?.kind === 'quick-start')
      out.set(b.marker.file, out.has(b.marker.file) ? `${out.get(b.marker.file)}\n${b.code}` : b.code);
  return out;
}

const slug = (file: string) => file.replace(/\.md$/, '').replace(/[^\w]+/g, '-');

export function removeProject(project: string): void {
  rmSync(project, { recursive: true, force: true });
}
