// @vitest-environment happy-dom
// docs/widget.md's "Overriding one string" block, run as written against the widget's source: the frame is named by
// the `title` it sets, not the catalogue's default, and the journey is asked for the block's locale.
import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
import { createJourney } from '../../src/widget/index.js';
import { EN_AU } from '../../src/widget/words/en-AU.js';
import { useFakeFrames } from '../support/fake-frames.js';
import { extractBlocks } from './snippets.js';

// biome-ignore lint/correctness/useHookAtTopLevel: useFakeFrames registers vitest hooks; it is not a Preact hook
useFakeFrames();
afterAll(() => document.body.replaceChildren());

const md = readFileSync('docs/widget.md', 'utf8');
const after = md.split('\n').findIndex((l) => l.startsWith('**Overriding one string.**')) + 1;
const block = extractBlocks('docs/widget.md', md).blocks.find((b) => b.lang === 'ts' && b.line > after)!;

it("docs/widget.md's override of one string runs: the frame's name is the given title, the journey asked for vi", async () => {
  expect(block.code).toContain("from 'hosted-journey'");
  const title = /title: '([^']+)'/.exec(block.code)![1]!;
  expect(title).not.toBe(EN_AU.title);
  document.body.innerHTML = '<div id="bank-connect"></div>';
  const { code } = await transform(block.code.replace(/^import .*$/m, ''), { loader: 'ts', format: 'esm' });
  new Function('createJourney', code)(createJourney);
  const iframe = document.querySelector<HTMLIFrameElement>('#bank-connect iframe')!;
  expect(iframe.title).toBe(title);
  expect(new URL(iframe.src).searchParams.get('locale')).toBe('vi');
});
