// A private redis-server for one bench section: free loopback port, no persistence, stopped by its own PID.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on 127.0.0.1; resolves to `{ url, stop() }` once it accepts connections. */
export async function startRedis({ timeoutMs = 10_000 } = {}) {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
      '--loglevel',
      'warning',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
  });
  child.stderr.on('data', (d) => {
    log += d;
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };
  const until = Date.now() + timeoutMs;
  const { createConnection } = await import('node:net');
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${log.slice(0, 500)}`);
    const ok = await new Promise((r) => {
      const c = createConnection({ host: '127.0.0.1', port }, () => {
        c.end();
        r(true);
      });
      c.once('error', () => r(false));
    });
    if (ok) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`redis-server did not accept connections within ${timeoutMs} ms: ${log.slice(0, 500)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid, stop };
}
