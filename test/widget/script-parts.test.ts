// @vitest-environment happy-dom
// The script-tag build's part loader: sibling URL, CSP nonce, one request per part at a time, retry after a failure.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { scriptPartEntries } from '../../scripts/entries.mjs';
import { loadScriptPart, PARTS_GLOBAL, OWN_PARTS, registerPart, setScriptBase } from '../../src/widget/script-parts.js';
import { LAZY_LOCALES } from '../../src/protocol/locale.js';

const g = globalThis as Record<string, unknown>;
// A document whose <head> only records what is appended (happy-dom would try, and refuse, to fetch the script).
let head: HTMLScriptElement[] = [];
const doc = {
  baseURI: 'https://shop.example.com/checkout',
  createElement: (tag: string) => {
    const el = document.createElement(tag) as HTMLScriptElement;
    el.remove = () => void (head = head.filter((x) => x !== el));
    return el;
  },
  head: { appendChild: (el: HTMLScriptElement) => head.push(el) },
} as unknown as Document;
const appended = () => head;

afterEach(() => {
  delete g[PARTS_GLOBAL];
  head = [];
});

describe('loadScriptPart', () => {
  it('loads hosted-journey.<part>.js from next to the main script, with its nonce, once per part', async () => {
    const main = document.createElement('script');
    main.src = 'https://cdn.example.com/hosted-journey@1/dist/hosted-journey.iife.js';
    main.nonce = 'n0nce';
    setScriptBase(main);
    const first = loadScriptPart('modal', doc);
    const second = loadScriptPart('modal', doc);
    const other = loadScriptPart('prewarm', doc);
    expect(appended().map((el) => el.src)).toEqual([
      'https://cdn.example.com/hosted-journey@1/dist/hosted-journey.modal.js',
      'https://cdn.example.com/hosted-journey@1/dist/hosted-journey.prewarm.js',
    ]);
    expect(appended().map((el) => el.nonce)).toEqual(['n0nce', 'n0nce']);
    const mod = { mountModal: () => null };
    registerPart('modal', mod); // what the part's file does as it runs
    appended()[0]!.onload!(new Event('load'));
    expect(await first).toBe(mod);
    expect(await second).toBe(mod);
    expect(await loadScriptPart('modal', doc)).toBe(mod); // registered: no new request
    expect(appended()).toHaveLength(2);
    registerPart('prewarm', { schedule: () => {} });
    appended()[1]!.onload!(new Event('load'));
    await expect(other).resolves.toHaveProperty('schedule');
  });

  it('rejects when the file fails or registers nothing, and a later call tries again', async () => {
    const failing = loadScriptPart('plain', doc);
    appended()[0]!.onerror!(new Event('error'));
    await expect(failing).rejects.toThrow(
      /could not load .*hosted-journey\.plain\.js: serve hosted-journey\.plain\.js next to the main script/,
    );
    expect(appended()).toHaveLength(0);
    const empty = loadScriptPart('plain', doc);
    appended()[0]!.onload!(new Event('load'));
    await expect(empty).rejects.toThrow('hosted-journey.plain.js loaded but did not register the plain part');
    const retry = loadScriptPart('plain', doc);
    expect(appended()).toHaveLength(1);
    registerPart('plain', { takePlain: () => false });
    appended()[0]!.onload!(new Event('load'));
    await expect(retry).resolves.toHaveProperty('takePlain');
  });

  it('names the same parts as the build (its own and one catalogue per locale but en-AU), every one a source', () => {
    expect(Object.keys(scriptPartEntries).sort()).toEqual([...OWN_PARTS, ...LAZY_LOCALES].sort());
    for (const [part, source] of Object.entries(scriptPartEntries)) {
      expect(source).toMatch(new RegExp(`src/widget/(words/)?${part}\\.tsx?$`));
      expect(readFileSync(source, 'utf8').length).toBeGreaterThan(0);
    }
  });
});
