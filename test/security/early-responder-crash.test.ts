// Attack: take down the host of a webhook route with one unauthenticated request. Made-up signature headers pass the
// adapter's header check, then the body is held back until something in front of the adapter — Express 4 with
// connect-timeout, or a hand-written timeout on node:http — has answered. When the body finally arrives, the adapter
// has its own answer (401) for a response that is already sent. Writing it would throw ERR_HTTP_HEADERS_SENT inside
// a promise the host does not hold, and with Node's default (--unhandled-rejections=throw) the process would exit.
// The host runs as a child process with Node's defaults; after the attack it must still answer, and the answer that
// could not be sent must be in its log (no onError given) — never thrown. Express defers connect-timeout's 503 to a
// later turn: when the body is read before that turn (the host stalled a moment), the route must still write nothing
// (connect-timeout's contract, `req.timedout`), or Express's own 503 would throw on the sent headers.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverHost } from '../support/cli.js';

const root = path.resolve(__dirname, '../..');
const SERVER = path.join(__dirname, 'fixtures/early-responder-server.mjs');
const MADE_UP = [
  `authorization: HMAC wh_1:${'A'.repeat(43)}=`,
  `date: ${new Date().toUTCString()}`,
  'content-md5: 1B2M2Y8AsgTpgAmY7PhCfg==',
  'content-type: application/json',
];
const BODY = '{"event_id":"evt_attack","type":"application.completed"}';

interface Host {
  child: ChildProcess;
  port: number;
  stderr: () => string;
  timeouts: () => number;
  exited: () => number | string | null;
}
let host: Host | undefined;
afterEach(() => {
  if (host && host.exited() === null) host.child.kill('SIGKILL');
  host = undefined;
});

type Mode = 'express' | 'express, stalled after the timeout' | 'http';

async function startHost(mode: Mode): Promise<Host> {
  const args = mode === 'http' ? ['http'] : mode === 'express' ? ['express'] : ['express', 'stalled'];
  const host = serverHost(SERVER);
  const child = spawn(process.execPath, [...host.args, ...args], { cwd: root, env: host.env, stdio: 'pipe' });
  let out = '';
  let err = '';
  let exit: number | string | null = null;
  child.on('exit', (code, signal) => (exit = code ?? signal));
  child.stderr!.on('data', (c: Buffer) => (err += c));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`host exited before listening: ${err}`)));
  });
  const timeouts = () => out.split('\n').filter((l) => l === 'TIMEOUT').length;
  return { child, port, stderr: () => err, timeouts, exited: () => exit };
}

/**
 * Resolves once `what()` holds: checked now and after every chunk a source emits (the host's output, the socket's
 * answer); rejects naming `label` when a source ends first.
 */
const when = (what: () => boolean, label: string, ...sources: NodeJS.EventEmitter[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const off = () => {
      for (const s of sources) s.off('data', check).off('end', ended);
    };
    const check = () => {
      if (!what()) return;
      off();
      resolve();
    };
    const ended = () => {
      off();
      reject(new Error(`ended before ${label}`));
    };
    for (const s of sources) s.on('data', check).on('end', ended);
    check();
  });

/**
 * Sends the head, waits until the host's early responder fired (its `TIMEOUT` line), then sends the body — or hangs
 * up; resolves with the status line received (empty after a hang-up).
 */
async function attack(h: Host, hangUp: boolean): Promise<string> {
  const before = h.timeouts();
  const socket = connect(h.port, '127.0.0.1');
  let seen = '';
  socket.on('data', (c: Buffer) => (seen += c));
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.on('error', () => {});
  await new Promise<void>((r) => socket.on('connect', r));
  const head = ['POST /hooks HTTP/1.1', 'host: 127.0.0.1', `content-length: ${Buffer.byteLength(BODY)}`];
  socket.write(`${[...head, ...MADE_UP].join('\r\n')}\r\n\r\n`);
  await when(() => h.timeouts() > before, 'the early responder', h.child.stdout!);
  if (hangUp) {
    socket.destroy();
    return '';
  }
  socket.write(BODY);
  await when(() => seen.includes('\r\n'), 'the early answer', socket);
  socket.end();
  await closed;
  return seen.split('\r\n')[0]!;
}

describe.each<Mode>(['express', 'express, stalled after the timeout', 'http'])(
  'a late answer never crashes the host — %s',
  (mode) => {
    it.each([
      ['the body arrives after the early answer', false],
      ['the client hangs up after the early answer', true],
    ])('%s: the host keeps serving, the unsent answer is logged', async (_label, hangUp) => {
      host = await startHost(mode);
      const h = host;
      for (let i = 0; i < 3; i++) expect(await attack(h, hangUp)).toMatch(hangUp ? /^$/ : /^HTTP\/1\.1 503/);
      if (!hangUp) {
        const logged = () => /webhook respond failed: RESPONSE_NOT_SENT/.test(h.stderr());
        await when(logged, 'the late answer in the log', h.child.stderr!);
      }
      const health = await fetch(`http://127.0.0.1:${h.port}/health`);
      expect(await health.text()).toBe('ok');
      expect(h.exited()).toBeNull();
      expect(h.stderr()).not.toMatch(/ERR_HTTP_HEADERS_SENT|Unhandled|webhook-secret-1/);
    });
  },
);
