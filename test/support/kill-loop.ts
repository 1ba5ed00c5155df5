// The kill test's controller: delivers N distinct events one after another, SIGKILLs the receiving
// process at a point chosen per event (test/support/kill-receiver.ts reports each point and waits there), starts the
// next receiver, and retries every delivery, like a sender, until a 2xx. Then counts each event's effects.
// A variant is a receiver factory module (its default export builds the store and the effect in the receiver) plus a
// function that counts the effects: see test/support/kill-receivers/redis.ts and test/server/kill-redis.test.ts.
// The receiver is bundled once with esbuild (a tsx start costs about a second of CPU, paid once per kill otherwise) and
// a few spare receivers are kept started, so a kill costs no start-up wait.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { signWebhook } from '../../src/server/testing.js';
import { event } from './deliveries.js';
import { KILL_KEYS, KILL_POINTS, type KillPoint } from './kill-receiver.js';

export interface KillLoopOptions {
  /** Names the variant in the report line. */
  name: string;
  /** Path of a module whose default export is a KillReceiverFactory. */
  receiver: string;
  /** Env of every receiver process (what the factory reads: URLs…). */
  env: Record<string, string>;
  /** Distinct events, one kill each; the points are spread evenly over them in a seeded random order. */
  events: number;
  /** The handler's leaseMs: how long a killed receiver's claim blocks the retries (409) before one runs it again. */
  leaseMs: number;
  /** Each event's effects, by event id. */
  countEffects(): Promise<Map<string, number>>;
  /** Default: KILL_SEED from the env, else random (reported). */
  seed?: number;
  /** Receivers kept started ahead of the kills. Default 2. */
  spares?: number;
  /** Packages left out of the receiver bundle. Default: pg's optional native and Cloudflare modules. */
  external?: string[];
  /** Pause between a sender's attempts. Default 100 ms. */
  retryMs?: number;
}

export interface KillLoopReport {
  events: number;
  kills: Record<KillPoint, number>;
  /** Events with more than one effect, and with none. */
  doubles: number;
  losses: number;
  /** Effects beyond one per event (an event run three times adds two). */
  extraEffects: number;
  /** Events with two or more effects, by the point their kill was at. */
  doublesByPoint: Record<KillPoint, number>;
  /** Every attempt's answer, by status (0: the connection died with the receiver). */
  answers: Record<number, number>;
  attempts: number;
  /** Time the sender waited for a receiver to finish starting (0 when the spares keep up). */
  startWaitMs: number;
  seed: number;
  ms: number;
  /** Everything above in one line. */
  line: string;
}

interface Receiver {
  child: ChildProcess;
  url: string;
  dead: boolean;
}

/**
 * Events per kill test: 24 (8 kills at each point), or KILL_EVENTS from the env rounded up to a multiple of the
 * points. A kill lands exactly at its point, so each point behaves the same every time; more events only shuffle more.
 */
export function killEvents(): number {
  const n = Math.max(Number(process.env.KILL_EVENTS) || 24, KILL_POINTS.length);
  return Math.ceil(n / KILL_POINTS.length) * KILL_POINTS.length;
}

/** mulberry32: a seeded PRNG, so a run's kill plan can be replayed with KILL_SEED. */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * Bundles a child's entry (`contents`: TypeScript importing by absolute path) into one ESM file to fork, and answers
 * it with a function that removes it. Under the repository's node_modules, so what the bundle leaves to run time
 * (RedisDedupeStore's computed import of its optional peer `redis`) resolves from there as in an integrator's project.
 */
export async function bundleForFork(contents: string, external?: string[]): Promise<{ file: string; remove(): void }> {
  mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(path.resolve('node_modules/.cache/hj-kill-'));
  const file = path.join(dir, 'child.mjs');
  await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    external: external ?? ['pg-native', 'cloudflare:sockets'],
    banner: {
      js: "import { createRequire as __hjRequire } from 'node:module'; const require = __hjRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runKillLoop(o: KillLoopOptions): Promise<KillLoopReport> {
  const t0 = Date.now();
  const seed = o.seed ?? (Number(process.env.KILL_SEED) || Math.floor(Math.random() * 2 ** 31));
  const random = prng(seed);
  const plan = Array.from({ length: o.events }, (_, i) => KILL_POINTS[i % KILL_POINTS.length]!);
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  const runId = `${o.name.replace(/\W+/g, '_')}_${seed}`;
  const ids = plan.map((_, i) => `evt_kill_${runId}_${String(i).padStart(3, '0')}`);
  const pointOf = new Map(ids.map((id, i) => [id, plan[i]!]));
  const killedFor = new Set<string>();
  const kills = Object.fromEntries(KILL_POINTS.map((p) => [p, 0])) as Record<KillPoint, number>;

  const { file: bundle, remove } = await bundleForFork(
    [
      `import factory from ${JSON.stringify(path.resolve(o.receiver))};`,
      `import { runKillReceiver } from ${JSON.stringify(path.resolve('test/support/kill-receiver.ts'))};`,
      'await runKillReceiver(factory);',
    ].join('\n'),
    o.external,
  );

  const all: Receiver[] = [];
  let current: Receiver | undefined;
  const start = (): Promise<Receiver> => {
    const child = fork(bundle, [], {
      execArgv: [],
      env: { ...process.env, ...o.env, KILL_LEASE_MS: String(o.leaseMs) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise<Receiver>((resolve, reject) => {
      const r: Receiver = { child, url: '', dead: false };
      all.push(r);
      child.once('exit', (code, signal) => {
        r.dead = true;
        if (!r.url) reject(new Error(`receiver exited before it was ready (${code ?? signal})`));
      });
      child.on('message', (m: { ready?: number; at?: KillPoint; id?: string; seq?: number }) => {
        if (m.ready) {
          r.url = `http://127.0.0.1:${m.ready}/`;
          resolve(r);
          return;
        }
        if (r.dead || m.seq === undefined) return;
        if (r === current && m.id && !killedFor.has(m.id) && pointOf.get(m.id) === m.at) {
          killedFor.add(m.id);
          kills[m.at!]++;
          r.dead = true;
          child.kill('SIGKILL'); // it waits at m.at for our go: the kill lands exactly there
          return;
        }
        child.send({ go: m.seq });
      });
    });
  };
  const spares: Promise<Receiver>[] = Array.from({ length: o.spares ?? 2 }, start);
  // A spare that fails to start must not become an unhandled rejection before it is awaited.
  for (const s of spares) s.catch(() => {});
  let startWaitMs = 0;
  const receiver = async (): Promise<Receiver> => {
    if (current && !current.dead) return current;
    spares.push(start());
    spares.at(-1)!.catch(() => {});
    const t = Date.now();
    current = await spares.shift()!;
    startWaitMs += Date.now() - t;
    return current;
  };

  const answers: Record<number, number> = {};
  let attempts = 0;
  try {
    for (const id of ids) {
      const { tokenId, secret } = KILL_KEYS[0]!;
      const d = await signWebhook({ payload: event(id), tokenId, secret, path: '/' });
      for (let tries = 0; ; tries++) {
        if (tries > 300) throw new Error(`${id}: no 2xx after ${tries} attempts (answers ${JSON.stringify(answers)})`);
        const r = await receiver();
        const status = await fetch(r.url, {
          method: 'POST',
          headers: d.headers,
          body: d.body as string,
          signal: AbortSignal.timeout(15_000),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        attempts++;
        answers[status] = (answers[status] ?? 0) + 1;
        if (status >= 200 && status < 300) break;
        await sleep(o.retryMs ?? 100);
      }
    }
  } finally {
    for (const r of all) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    remove();
  }

  const effects = await o.countEffects();
  const doublesByPoint = Object.fromEntries(KILL_POINTS.map((p) => [p, 0])) as Record<KillPoint, number>;
  let doubles = 0;
  let losses = 0;
  let extraEffects = 0;
  for (const id of ids) {
    const n = effects.get(id) ?? 0;
    if (n === 0) losses++;
    if (n > 1) {
      doubles++;
      doublesByPoint[pointOf.get(id)!]++;
      extraEffects += n - 1;
    }
  }
  const ms = Date.now() - t0;
  const line =
    `kill test [${o.name}]: ${o.events} events, ${KILL_POINTS.reduce((n, p) => n + kills[p], 0)} kills ` +
    `(${KILL_POINTS.map((p) => `${p} ${kills[p]}`).join(', ')}), doubles ${doubles} ` +
    `(${KILL_POINTS.map((p) => `${p} ${doublesByPoint[p]}`).join(', ')}), losses ${losses}, ` +
    `extra effects ${extraEffects}; ${attempts} attempts (${Object.entries(answers)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}), leaseMs ${o.leaseMs}, seed ${seed}, ${(ms / 1000).toFixed(1)} s ` +
    `(${(startWaitMs / 1000).toFixed(1)} s waiting for receivers to start)`;
  return {
    events: o.events,
    kills,
    doubles,
    losses,
    extraEffects,
    doublesByPoint,
    answers,
    attempts,
    startWaitMs,
    seed,
    ms,
    line,
  };
}
