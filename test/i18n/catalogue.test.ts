// The catalogues: every key in every shipped locale, no key that nothing shows, and no customer-visible literal
// outside a catalogue. What counts as customer-visible: JSX text, and the string literals of the attributes and props
// that become text or an accessible name (TEXT_ATTRIBUTES), in the journey's pages and the widget's modal; and the
// `textContent` the widget's error view and the bank-return page write. Developer messages are exempt by this rule:
// text that reaches only a developer — a thrown error's or `onError`'s `message`, a log line, an HTTP error body — is
// never one of those, so the scan does not see it. Brand names and symbols without a letter (`✓`, `›`, `×`) pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CONSENT_COPY } from '../../src/protocol/journey-copy.js';
import { LOCALES } from '../../src/protocol/locale.js';
import { BANK_WORDS } from '../../src/sandbox/banks/words.js';
import { EN_AU } from '../../src/sandbox/journey/browser/words/en-AU.js';
import { CATALOGUES } from '../../src/sandbox/journey/browser/words/index.js';
import { DEFAULTS } from '../../src/widget/options.js';
import { EN_AU as WIDGET_EN_AU } from '../../src/widget/words/en-AU.js';

const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'hint', 'sub', 'message']);

const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => path.join(dir, f));

/** Customer-visible literals of one source file (see the header), as `file:line text`. */
function literals(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (/\p{L}{2}/u.test(text))
      out.push(`${file}:${src.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${text.trim()}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      if (ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression))
        report(init, init.expression.text);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      ts.isJsxElement(node.parent)
    )
      report(node, node.expression.text);
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === 'textContent' &&
      ts.isStringLiteralLike(node.initializer)
    )
      report(node, node.initializer.text);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      /\.textContent$/.test(node.left.getText()) &&
      ts.isStringLiteralLike(node.right)
    )
      report(node, node.right.text);
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

const JOURNEY_SOURCES = files('src/sandbox/journey/browser', /\.tsx?$/).filter((f) => !f.includes('/words/'));
const WIDGET_SOURCES = ['src/widget/modal.tsx', 'src/widget/error-view.ts'];

describe('catalogues', () => {
  it('every shipped locale has every key of each catalogue (the journey, the widget, the bank page, the shared copy)', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(CATALOGUES[locale]).sort(), `journey ${locale}`).toEqual(Object.keys(EN_AU).sort());
      expect(Object.keys(BANK_WORDS[locale]).sort(), `bank ${locale}`).toEqual(Object.keys(BANK_WORDS['en-AU']).sort());
      expect(Object.keys(CONSENT_COPY[locale]).sort(), `copy ${locale}`).toEqual(
        Object.keys(CONSENT_COPY['en-AU']).sort(),
      );
    }
  });

  it('the pseudo-locale is accented and about 40 % longer, its parameters kept', () => {
    const en = EN_AU['done.sub'];
    const xa = CATALOGUES['en-XA']['done.sub']!;
    expect(xa).toContain('{vendor}');
    expect(xa.replace(/\{\w+\}/g, '')).not.toMatch(/[aeiou]/);
    expect(xa.length / en.length).toBeGreaterThanOrEqual(1.4);
  });

  it('no key is unused: each journey, widget and bank key is read by the code that shows it', () => {
    const journey = JOURNEY_SOURCES.map((f) => readFileSync(f, 'utf8')).join('\n');
    // `api.<CODE>` and `cdr.<key>` are read through a template (failureCode, CDR_CLUSTERS): one per code and cluster.
    const unused = Object.keys(EN_AU).filter(
      (k) => !journey.includes(`'${k}'`) && !/^(api|cdr)\./.test(k) && !journey.includes(`'${k.split('.')[0]}.`),
    );
    expect(unused).toEqual([]);
    const widget = ['src/widget/modal.tsx', 'src/widget/error-view.ts', 'src/widget/options.ts']
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(Object.keys(WIDGET_EN_AU).filter((k) => !new RegExp(`\\b${k}\\b`).test(widget))).toEqual([]);
    const bank = ['src/sandbox/banks/consent-pages.ts', 'src/sandbox/banks/dashboard.ts']
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(
      Object.keys(BANK_WORDS['en-AU']).filter(
        (k) => !bank.includes(`'${k}'`) && !bank.includes(`.${k} `) && !/^(error|cdr)\./.test(k),
      ),
    ).toEqual([]);
  });

  it("the frame's and the dialog's default name is the widget catalogue's title", () => {
    expect(DEFAULTS.title).toBe(WIDGET_EN_AU.title);
    expect(readFileSync('src/widget/options.ts', 'utf8')).not.toContain(`'${WIDGET_EN_AU.title}'`);
  });

  it('no customer-visible literal outside a catalogue in the journey pages and the widget', () => {
    expect([...JOURNEY_SOURCES, ...WIDGET_SOURCES].flatMap(literals)).toEqual([]);
  });

  it('the scan sees a literal where the customer would (a guard against a scan that sees nothing)', () => {
    const file = path.join('test', 'i18n', '.probe.tsx');
    const probe = ts.createSourceFile(file, '<p title="Hello there">Read me</p>', ts.ScriptTarget.Latest, true);
    let seen = 0;
    const visit = (n: ts.Node): void => {
      if (ts.isJsxText(n) && /\p{L}{2}/u.test(n.text)) seen++;
      ts.forEachChild(n, visit);
    };
    visit(probe);
    expect(seen).toBe(1);
  });
});
