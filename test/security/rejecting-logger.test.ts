// Attack: end the receiver's process with one unauthenticated request when its logger is asynchronous. A logger (or
// an onError) whose methods return a rejected promise — its log shipper is down — must change no answer and no call:
// a delivery signed with a wrong secret still gets its 401, and the process, run as a child with Node's defaults (an
// unhandled rejection ends it), still answers afterwards. The client's warning lines likewise: a failed call still
// rejects with its own typed error, and the process goes on. A meter whose instruments record to a backend that is
// down (each add and record a rejected promise) likewise.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/server/testing.js';
import { serverHost } from '../support/cli.js';
import { event } from '../support/deliveries.js';
import { json, startHttp } from '../support/http.js';

const root = path.resolve(__dirname, '../..');
const HOST = path.join(__dirname, 'fixtures/rejecting-logger-host.mjs');

interface Host {
  child: ChildProcess;
  base: string;
  out: string;
  err: string;
  exited: number | string | null;
}
let host: Host;

beforeEach(async () => {
  const { args, env } = serverHost(HOST);
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'pipe' });
  const h: Host = { child, base: '', out: '', err: '', exited: null };
  child.on('exit', (code, signal) => (h.exited = code ?? signal));
  child.stderr!.on('data', (c: Buffer) => (h.err += c));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      h.out += c;
      const m = /PORT (\d+)/.exec(h.out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`host exited before listening: ${h.err}`)));
  });
  h.base = `http://127.0.0.1:${port}`;
  host = h;
}, 30_000);
afterEach(() => {
  if (host.exited === null) host.child.kill('SIGKILL');
});

const logged = (level: string) => host.out.split('\n').filter((l) => l === `LOGGED ${level}`).length;
const recorded = () => host.out.split('\n').filter((l) => l === 'RECORDED').length;

async function post(route: string, secret: string, id: string): Promise<number> {
  const d = await signWebhook({ payload: event(id), tokenId: 'wh_1', secret, path: route });
  const r = await fetch(host.base + route, { method: 'POST', headers: d.headers, body: d.body as string });
  await r.arrayBuffer();
  return r.status;
}

/** The host answers a later request: a rejection left unhandled by the earlier one would have ended it by then. */
async function stillAnswers(): Promise<void> {
  const r = await fetch(`${host.base}/health`);
  expect(await r.text()).toBe('ok');
  expect(host.exited).toBeNull();
  expect(host.err).not.toMatch(/log shipper unreachable|metrics backend unreachable|unhandled/i);
}

describe('a logger, onError or meter that returns a rejected promise', () => {
  it('a delivery signed with a wrong secret gets 401 and the process survives the rejected error line', async () => {
    const before = logged('error');
    expect(await post('/hooks', 'not-the-secret', 'evt_forged_1')).toBe(401);
    expect(logged('error')).toBe(before + 1);
    await stillAnswers();
  });

  it('an async onError that rejects changes no answer: 401 for the forgery, 200 for a good delivery', async () => {
    const before = logged('onError');
    expect(await post('/hooks-onerror', 'not-the-secret', 'evt_forged_2')).toBe(401);
    expect(logged('onError')).toBe(before + 1);
    expect(await post('/hooks-onerror', 'webhook-secret-1', 'evt_good_2')).toBe(200);
    await stillAnswers();
  });

  it('a good delivery is answered 200 although its debug line rejects', async () => {
    const before = logged('debug');
    expect(await post('/hooks', 'webhook-secret-1', 'evt_good_1')).toBe(200);
    expect(logged('debug')).toBe(before + 1);
    await stillAnswers();
  });

  it('a meter whose instruments return a rejected promise changes no answer: 200, again 200, and the process goes on', async () => {
    expect(await post('/hooks-meter', 'webhook-secret-1', 'evt_metered')).toBe(200);
    expect(recorded()).toBeGreaterThan(0);
    await stillAnswers();
    expect(await post('/hooks-meter', 'webhook-secret-1', 'evt_metered')).toBe(200);
    await stillAnswers();
  });

  it("the client's rejected warning line changes no call: it rejects with its own typed error, the process goes on", async () => {
    const service = await startHttp((_req, res) =>
      json(res, 503, { error: { code: 'UNAVAILABLE', message: 'down', request_id: 'r1' } }),
    );
    try {
      const before = logged('warn');
      const r = await fetch(`${host.base}/call?target=${encodeURIComponent(service.url)}`);
      expect(await r.json()).toMatchObject({ status: 503 });
      expect(logged('warn')).toBe(before + 1);
      await stillAnswers();
      const ok = await fetch(`${host.base}/call?target=${encodeURIComponent(service.url)}`);
      expect(ok.status).toBe(200);
    } finally {
      await service.close();
    }
  });
});
