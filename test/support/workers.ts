// Receiver processes for the multi-process exactly-once tests (test/support/webhook-worker.ts, inbox-worker.ts): each
// script is bundled with esbuild (a tsx start costs about a second of CPU per worker), forked from the bundle, says
// its port over IPC, and stops on 'stop' (killed after 3 s if it has not exited).
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { bundleForFork } from './kill-loop.js';

export type Worker = { child: ChildProcess; url: string };

interface Bundle {
  made: Promise<{ file: string; remove(): void }>;
  /** Workers forked from it that have not exited. */
  live: number;
}
const bundles = new Map<string, Bundle>();

/**
 * Forks `script` (an absolute path) from its bundle: made once for the workers alive at the same time, removed when
 * the last of them exits.
 */
async function forkBundled(script: string, env: Record<string, string>): Promise<ChildProcess> {
  let bundle = bundles.get(script);
  if (!bundle) bundles.set(script, (bundle = { made: bundleForFork(`import ${JSON.stringify(script)};`), live: 0 }));
  bundle.live++;
  const b = bundle;
  const { file, remove } = await b.made;
  const child = fork(file, [], {
    execArgv: [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', () => {
    if (--b.live > 0) return;
    if (bundles.get(script) === b) bundles.delete(script);
    remove();
  });
  return child;
}

/** Forks `script` with `env` added to this process's, resolving once it says the port it listens on. */
export async function forkWorker(script: string, env: Record<string, string>): Promise<Worker> {
  const child = await forkBundled(script, env);
  return new Promise((resolve, reject) => {
    child.on('message', (m: { port?: number }) => {
      if (m.port) resolve({ child, url: `http://127.0.0.1:${m.port}` });
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

export async function stopWorkers(workers: Worker[]): Promise<void> {
  for (const w of workers) {
    const exited = new Promise((r) => w.child.once('exit', r));
    w.child.send('stop');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (w.child.exitCode === null) w.child.kill('SIGKILL');
  }
}

/** The lines webhook-worker.ts appended to `runsFile` for event `id`: one per handler run, `<id> <pid>`. */
export const runsOf = (runsFile: string, id: string): string[] =>
  existsSync(runsFile)
    ? readFileSync(runsFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith(`${id} `))
    : [];

/** POSTs a signed delivery to `url`, with the receiver's JSON answer. */
export async function postDelivery(url: string, d: { body: string | Uint8Array; headers: Record<string, string> }) {
  const r = await fetch(url, { method: 'POST', headers: d.headers, body: d.body as string });
  return { status: r.status, body: (await r.json()) as { status?: string; error?: { code: string } } };
}
