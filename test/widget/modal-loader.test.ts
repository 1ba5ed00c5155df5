// @vitest-environment happy-dom
// The script-tag build's modal loader: sibling URL, CSP nonce, one request at a time, retry after a failure.
import { afterEach, describe, expect, it } from 'vitest';
import { loadModalScript, MODAL_GLOBAL, setModalScriptBase } from '../../src/widget/modal-loader.js';

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
  delete g[MODAL_GLOBAL];
  head = [];
});

describe('loadModalScript', () => {
  it('loads hosted-journey.modal.js from next to the main script, with its nonce, once', async () => {
    const main = document.createElement('script');
    main.src = 'https://cdn.example.com/hosted-journey@1/dist/hosted-journey.iife.js';
    main.nonce = 'n0nce';
    setModalScriptBase(main);
    const first = loadModalScript(doc);
    const second = loadModalScript(doc);
    expect(appended()).toHaveLength(1);
    const el = appended()[0]!;
    expect(el.src).toBe('https://cdn.example.com/hosted-journey@1/dist/hosted-journey.modal.js');
    expect(el.nonce).toBe('n0nce');
    const mod = { mountModal: () => null };
    g[MODAL_GLOBAL] = mod;
    el.onload!(new Event('load'));
    expect(await first).toBe(mod);
    expect(await second).toBe(mod);
    expect(await loadModalScript(doc)).toBe(mod); // registered: no new request
    expect(appended()).toHaveLength(1);
  });

  it('rejects when the file fails or registers nothing, and a later call tries again', async () => {
    const failing = loadModalScript(doc);
    appended()[0]!.onerror!(new Event('error'));
    await expect(failing).rejects.toThrow(/could not load .*hosted-journey\.modal\.js/);
    expect(appended()).toHaveLength(0);
    const empty = loadModalScript(doc);
    appended()[0]!.onload!(new Event('load'));
    await expect(empty).rejects.toThrow('did not register the modal');
    const retry = loadModalScript(doc);
    expect(appended()).toHaveLength(1);
    g[MODAL_GLOBAL] = { mountModal: () => null };
    appended()[0]!.onload!(new Event('load'));
    await expect(retry).resolves.toBeTruthy();
  });
});
