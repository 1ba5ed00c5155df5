/**
 * axe-core over a page and every frame in it, cross-origin ones included: `checkAxe(page)` runs `axe.runPartial` in
 * each frame's own document and joins the frames' results here in Node with `axe.finishRun` (it needs no DOM), where
 * axe's own drivers open a blank page per check and load axe into it again to join them.
 *
 * axe's minified source is read once per process and evaluated once per document: a second check of the same document
 * (after a resize, after a click) finds it there. A frame axe cannot reach fails the check, never drops out of it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import axe from 'axe-core';

export type CheckAxeOptions = {
  /** Only these rules (axe's `runOnly` by rule id); every rule axe-core runs by default otherwise. */
  rules?: string[];
  /**
   * How long one frame may take to answer before the check fails naming it (default 10 s). A frame that runs no
   * script (sandboxed without `allow-scripts`) never answers an evaluation: without a bound it would hang the test.
   */
  frameTimeoutMs?: number;
};

const FRAME_TIMEOUT_MS = 10_000;

type InPage = { axe?: typeof axe };

let minified: string | undefined;
const axeSource = () =>
  (minified ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * axe's results for `root` (a page, or a frame checked as a document of its own: then its `<html>` rules run there)
 * and the frames inside it, joined. Only the violations list every node; passes, incomplete and inapplicable hold one
 * node a rule.
 */
export async function checkAxe(root: Page | Frame, options: CheckAxeOptions = {}): Promise<axe.AxeResults> {
  const runOptions: axe.RunOptions = { resultTypes: ['violations'] };
  if (options.rules) runOptions.runOnly = { type: 'rule', values: options.rules };
  const frame = 'mainFrame' in root ? root.mainFrame() : root;
  const partials = await partialResults(frame, { exclude: [] }, runOptions, options.frameTimeoutMs ?? FRAME_TIMEOUT_MS);
  return axe.finishRun(partials, runOptions);
}

/**
 * `frame`'s partial result, then each of its frames' in turn, depth first: the order `axe.finishRun` matches them to
 * the frames each partial result lists. Each of `frame`'s own evaluations must answer within `timeoutMs`.
 */
async function partialResults(
  frame: Frame,
  context: axe.SerialContextObject | axe.FrameContextObject,
  options: axe.RunOptions,
  timeoutMs: number,
): Promise<axe.PartialResult[]> {
  const bounded = <T>(answer: Promise<T>) => within(answer, timeoutMs);
  try {
    if (!(await bounded(frame.evaluate(() => typeof (window as InPage).axe?.runPartial === 'function'))))
      await bounded(frame.evaluate(axeSource()));
    const inner = await bounded(
      frame.evaluate((context) => (window as InPage).axe!.utils.getFrameContexts(context), context),
    );
    const own = bounded(
      frame.evaluate(([context, options]) => (window as InPage).axe!.runPartial(context, options), [
        context,
        options,
      ] as const),
    );
    const nested = inner.map(async ({ frameSelector, frameContext }) => {
      const element = await bounded(
        frame.evaluateHandle((selector) => (window as InPage).axe!.utils.shadowSelect(selector), frameSelector),
      );
      const child = await bounded(Promise.resolve(element.asElement()?.contentFrame() ?? null));
      await element.dispose();
      if (!child) throw new Error(`no document in the frame at ${JSON.stringify(frameSelector)}`);
      return partialResults(child, frameContext, options, timeoutMs);
    });
    const [mine, theirs] = await Promise.all([own, Promise.all(nested)]);
    return [mine, ...theirs.flat()];
  } catch (error) {
    if (error instanceof AxeFrameError) throw error;
    throw new AxeFrameError(`axe could not check the frame ${frame.url()}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** `answer`, or a rejection once `ms` have passed without one. */
function within<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms (a frame that runs no script?)`)), ms);
  });
  return Promise.race([answer, silence]).finally(() => clearTimeout(timer));
}

/** The frame that failed, named once (not again by each frame around it). */
export class AxeFrameError extends Error {
  override name = 'AxeFrameError';
}
