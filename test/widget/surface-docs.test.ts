/**
 * The docs list the whole surface: every script-tag attribute in docs/widget.md, every element attribute in
 * docs/bindings/element.md, and every callback and DOM event in both. Derived from src/widget/surface.ts, so a row
 * added there without docs fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attributeName, CALLBACKS, EVENTS, INVALID_MESSAGE, NOT_EL, NOT_TAG, rows } from '../../src/widget/surface.js';

const read = (file: string) => readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8');
const widget = read('widget.md');
const element = read('bindings/element.md');
const events = [...Object.keys(EVENTS), INVALID_MESSAGE];

describe('docs list every row of the surface table', () => {
  it('docs/widget.md names every script-tag attribute', () => {
    const tag = rows()
      .filter(([, row]) => !(row & NOT_TAG))
      .map(([name]) => `data-${attributeName(name)}`);
    expect(tag.filter((attr) => !widget.includes(`\`${attr}\``))).toEqual([]);
  });

  it('docs/bindings/element.md names every element attribute in its table', () => {
    const attrs = rows()
      .filter(([, row]) => !(row & NOT_EL))
      .map(([name]) => attributeName(name));
    const table = element.slice(element.indexOf('## Attributes'));
    expect(attrs.filter((attr) => !table.includes(`\`${attr}\``))).toEqual([]);
  });

  it('docs/widget.md names every callback and DOM event; docs/bindings/element.md every DOM event', () => {
    expect(CALLBACKS.filter((name) => !widget.includes(`\`${name}\``))).toEqual([]);
    expect(events.filter((type) => !widget.includes(`\`${type}\``))).toEqual([]);
    expect(events.filter((type) => !element.includes(`\`${type}\``))).toEqual([]);
  });
});
