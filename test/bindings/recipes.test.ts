// The framework recipes of docs/bindings/ compiled by each framework's own compiler, as pasted: Vue's component
// type-checks with vue-tsc (strictTemplates) against hosted-journey/element/vue, and the docs' isCustomElement makes
// @vue/compiler-sfc render the element instead of resolving a component (Vue's "Failed to resolve component"); Svelte's
// compiles with svelte/compiler without a warning; Angular's standalone component compiles with ngc (strictTemplates).
// Each check is also run on a broken copy of the recipe, which
// must fail, so a check that cannot fail would show here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileTemplate, parse } from 'vue/compiler-sfc';
import { compile } from 'svelte/compiler';
import { afterAll, describe, expect, it } from 'vitest';
import { builtOrSource } from '../support/cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const doc = (name: string) => readFileSync(path.join(root, 'docs/bindings', name), 'utf8');
/** The first ```<lang> block of a doc. */
function block(text: string, lang: string): string {
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```').exec(text);
  if (!m?.[1]) throw new Error(`no \`\`\`${lang} block`);
  return m[1];
}

const dirs: string[] = [];

/**
 * `<p>`'s types as a tsconfig `paths` target: the built declarations (what the package ships, read and not checked
 * again: skipLibCheck) when the build is fresh, else the source, which the compiler then checks with the recipe.
 */
const typesOf = (p: string) => [builtOrSource(`dist/types/${p}.d.ts`, `src/${p}.ts`).file];

/**
 * The compiler settings both recipe checks share (strict, DOM, no emit); `extra` adds the framework's paths, files and
 * template options, its `compilerOptions` merged into the shared ones.
 */
function writeTsconfig(dir: string, extra: { compilerOptions: Record<string, unknown> } & Record<string, unknown>) {
  const compilerOptions = {
    strict: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    skipLibCheck: true,
    noEmit: true,
    jsx: 'preserve',
    ...extra.compilerOptions,
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...extra, compilerOptions }));
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('docs/bindings/vue.md', () => {
  const text = doc('vue.md');
  const component = block(text, 'vue');

  it('the component type-checks with vue-tsc; with a misspelt attribute or a wrong value it does not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hj-vue-'));
    dirs.push(dir);
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    writeTsconfig(dir, {
      compilerOptions: {
        paths: {
          'hosted-journey': typesOf('widget/index'),
          'hosted-journey/element': typesOf('bindings/element'),
          'hosted-journey/element/vue': typesOf('bindings/frameworks/vue'),
        },
      },
      include: ['*.vue'],
      vueCompilerOptions: { strictTemplates: true },
    });
    writeFileSync(path.join(dir, 'Recipe.vue'), component);
    writeFileSync(path.join(dir, 'Typo.vue'), component.replace('start-at="banks"', 'start-att="banks"'));
    writeFileSync(path.join(dir, 'Value.vue'), component.replace('start-at="banks"', 'start-at="bankz"'));
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vue-tsc/bin/vue-tsc.js'), '-p', dir], {
      cwd: dir,
      encoding: 'utf8',
    });
    const out = run.stdout + run.stderr;
    const files = new Set([...out.matchAll(/^(\w+\.vue)\(/gm)].map((m) => m[1]));
    expect([...files].sort(), out).toEqual(['Typo.vue', 'Value.vue']);
    expect(out).toMatch(/Typo\.vue.*'startAtt' does not exist/);
    expect(out).toMatch(/Value\.vue.*"bankz"/);
  }, 120_000);

  it('with the docs’ isCustomElement, Vue renders <hosted-journey> instead of resolving a component', () => {
    const fn = /isCustomElement:\s*(\(tag\)\s*=>\s*[^}]+?)\s*}/.exec(text)?.[1];
    expect(fn).toBeDefined();
    const isCustomElement = new Function(`return ${fn}`)() as (tag: string) => boolean;
    const { descriptor } = parse(component, { filename: 'Recipe.vue' });
    const template = (compilerOptions: object) =>
      compileTemplate({ source: descriptor.template!.content, filename: 'Recipe.vue', id: 'r', compilerOptions }).code;
    // Without it, Vue looks for a component first and warns `Failed to resolve component: hosted-journey`.
    expect(template({})).toContain('resolveComponent("hosted-journey")');
    const code = template({ isCustomElement });
    expect(code).not.toContain('resolveComponent');
    expect(code).toMatch(/createElementBlock\("hosted-journey"/);
    // `.prop`: prefill is set as a property (`.prefill`), never as an attribute.
    expect(code).toContain('".prefill"');
  });
});

describe('docs/bindings/svelte.md', () => {
  const component = block(doc('svelte.md'), 'svelte');
  const warnings = (source: string) => compile(source, { filename: 'Recipe.svelte' }).warnings.map((w) => w.code);

  it('the component compiles with svelte/compiler without a warning; binding the colon name does not', () => {
    expect(warnings(component)).toEqual([]);
    const colon = component.replace('onhosted-journey-completed=', 'onhosted-journey:completed=');
    expect(colon).not.toBe(component);
    let codes: string[];
    try {
      codes = warnings(colon);
    } catch (error) {
      codes = [(error as { code: string }).code];
    }
    expect(codes).toContain('attribute_illegal_colon');
  });
});

describe('docs/bindings/angular.md', () => {
  const component = block(doc('angular.md'), 'ts');
  /** The recipe with one piece of it replaced; the replaced text must be there. */
  const variant = (from: string, to: string) => {
    expect(component, from).toContain(from);
    return component.replace(from, to);
  };

  // One ngc run over the recipe and its variants: CUSTOM_ELEMENTS_SCHEMA lets anything through on the element (a
  // misspelt attribute, a wrong property value), but the handlers' event types, the component's members and its
  // inputs are checked, and without the schema the element is refused.
  it('the component compiles with ngc (strictTemplates); a wrong handler, a colon event, a misspelt member, a wrong input or no schema do not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hj-angular-'));
    dirs.push(dir);
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const files: Record<string, string> = {
      'Recipe.ts': component,
      'Typo.ts': variant('start-at="banks"', 'start-att="banks"'),
      'PrefillValue.ts': variant('[prefill]="prefill"', '[prefill]="42"'),
      'Handler.ts': variant('(hosted-journey-exit)="exited(', '(hosted-journey-exit)="completed('),
      'Colon.ts': variant('(hosted-journey-completed)=', '(hosted-journey:completed)='),
      'Member.ts': variant('[prefill]="prefill"', '[prefill]="prefil"'),
      'NoSchema.ts': variant('schemas: [CUSTOM_ELEMENTS_SCHEMA],', ''),
      'Input.ts': [
        "import { Component } from '@angular/core';",
        "import { BankConnect } from './Recipe';",
        '@Component({ imports: [BankConnect], template: \'<app-bank-connect [customerId]="42" journeyOrigin="http://127.0.0.1:4010" />\' })',
        'export class Page {}',
      ].join('\n'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    writeTsconfig(dir, {
      compilerOptions: {
        jsxImportSource: 'preact',
        paths: { 'hosted-journey': typesOf('widget/index'), 'hosted-journey/element': typesOf('bindings/element') },
      },
      files: Object.keys(files),
      angularCompilerOptions: { strictTemplates: true },
    });
    const ngc = path.join(root, 'node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js');
    const run = spawnSync(process.execPath, [ngc, '-p', dir], { cwd: dir, encoding: 'utf8' });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ngc colours its diagnostics
    const out = (run.stdout + run.stderr).replace(/\x1b\[[0-9;]*m/g, '');
    const failed = new Set([...out.matchAll(/^(\w+\.ts):\d+:\d+ - error/gm)].map((m) => m[1]));
    expect([...failed].sort(), out).toEqual(['Colon.ts', 'Handler.ts', 'Input.ts', 'Member.ts', 'NoSchema.ts']);
    expect(run.status).not.toBe(0);
    expect(out).toMatch(/Handler\.ts.*TS2345[\s\S]*?'applicationId' is missing/);
    expect(out).toMatch(/Colon\.ts.*TS2345: Argument of type 'Event' is not assignable/);
    expect(out).toMatch(/Member\.ts.*Property 'prefil' does not exist on type 'BankConnect'/);
    expect(out).toMatch(/Input\.ts.*Type 'number' is not assignable to type 'string'/);
    expect(out).toMatch(/NoSchema\.ts.*NG8001: 'hosted-journey' is not a known element/);
    expect(out).toMatch(/NoSchema\.ts.*NG8002: Can't bind to 'prefill'/);
  }, 120_000);
});
