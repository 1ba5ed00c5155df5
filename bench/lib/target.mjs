// Starts bench/servers/webhook-target.mjs in a child process and waits for its URL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { root } from './bundle.mjs';

const script = fileURLToPath(new URL('../servers/webhook-target.mjs', import.meta.url));

/** `redisUrl` for mode 'handler', `databaseUrl` for mode 'inbox'. */
export async function startTarget(mode, { redisUrl = '', databaseUrl = '', delayMs = 0, timeoutMs = 20_000 } = {}) {
  const child = spawn(process.execPath, [script, mode, databaseUrl || redisUrl, String(delayMs)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`target ${mode} did not start within ${timeoutMs} ms: ${err.slice(0, 800)}`)),
      timeoutMs,
    );
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`target ${mode} exited (${code}): ${err.slice(0, 800)}`));
    });
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
