// The catch-up kill loop: runs `handler.catchUp` in a child process (test/support/catch-up-child.ts, bundled once like
// the kill test's receivers) and SIGKILLs it after a random number of effects, again and again, restarting it each
// time, until one run finishes; then counts each event's effects. Where the kill falls inside the catch-up is left to
// chance: mid-page, between an effect and its done-mark, during a checkpoint write.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { CatchUpSummary } from '../../src/server/types.js';
import { bundleForFork, prng } from './kill-loop.js';

export interface CatchUpKillOptions {
  /** A kill-test receiver factory module (test/support/kill-receivers/*.ts): the store and the effect. */
  factory: string;
  env: Record<string, string>;
  /** Kills before the run that may finish. */
  kills: number;
  /**
   * The first kill falls after this many effects plus 1 to `maxEffectsBetween` (past catch-up's first page of 500, its
   * checkpoint is written: the next run starts there); each next one after 1 to `maxEffectsBetween` effects.
   */
  firstAfter: number;
  maxEffectsBetween: number;
  seed?: number;
}

export interface CatchUpKillReport {
  kills: number;
  /** Effects written by a child that was then killed, summed (how much work the kills cut into). */
  effectsBeforeKills: number;
  /** The last run's summary (the one not killed). */
  last: CatchUpSummary;
  seed: number;
}

export async function runCatchUpKills(o: CatchUpKillOptions): Promise<CatchUpKillReport> {
  const seed = o.seed ?? (Number(process.env.KILL_SEED) || Math.floor(Math.random() * 2 ** 31));
  const random = prng(seed);
  const { file, remove } = await bundleForFork(
    [
      `import factory from ${JSON.stringify(path.resolve(o.factory))};`,
      `import { runCatchUpChild } from ${JSON.stringify(path.resolve('test/support/catch-up-child.ts'))};`,
      'await runCatchUpChild(factory);',
    ].join('\n'),
  );
  let effectsBeforeKills = 0;
  const children: ChildProcess[] = [];
  /** One child's run: killed after `killAt` effects (Infinity: left to finish), or its summary. */
  const once = (killAt: number) =>
    new Promise<CatchUpSummary | 'killed'>((resolve, reject) => {
      const child = fork(file, [], { execArgv: [], env: { ...process.env, ...o.env }, stdio: 'inherit' });
      children.push(child);
      let effects = 0;
      let summary: CatchUpSummary | undefined;
      child.on('message', (m: { effect?: string; done?: CatchUpSummary }) => {
        if (m.done) summary = m.done;
        else if (m.effect && ++effects === killAt) child.kill('SIGKILL');
      });
      child.once('exit', (code, signal) => {
        if (signal === 'SIGKILL') {
          effectsBeforeKills += effects;
          resolve(summary ?? 'killed');
        } else if (summary && code === 0) resolve(summary);
        else reject(new Error(`catch-up child exited (${code ?? signal}) without a summary`));
      });
    });
  try {
    let kills = 0;
    for (let i = 0; i < o.kills; i++) {
      const r = await once((i === 0 ? o.firstAfter : 0) + 1 + Math.floor(random() * o.maxEffectsBetween));
      if (r !== 'killed') throw new Error(`a catch-up meant to be killed finished first (${JSON.stringify(r)})`);
      kills++;
    }
    const last = await once(Number.POSITIVE_INFINITY);
    if (last === 'killed') throw new Error('the last catch-up was killed');
    return { kills, effectsBeforeKills, last, seed };
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    remove();
  }
}
