// Attack: huge, unsigned or non-POST requests to a toNodeHandler endpoint, over real HTTP on loopback.
// The adapter must decide from the request line and headers (method, signature headers, Content-Length) before it
// reads the body, count what it reads, and close the connection instead of draining a body it refused.
import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler, toNodeHandler } from '../../src/server/index.js';
import { MiB, memoryProbe } from '../support/memory.js';

const SIGNED_LOOKING = {
  authorization: `HMAC wh_1:${'A'.repeat(43)}=`,
  date: new Date().toUTCString(),
  'content-md5': '1B2M2Y8AsgTpgAmY7PhCfg==',
  'content-type': 'application/json',
};

type Seen = { status: number; readBody: boolean; connection: unknown };
let server: Server;
let url = '';
let seen: Promise<Seen>[] = [];
let probe = memoryProbe();
const node = toNodeHandler(
  createWebhookHandler({ verify: { keys: [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }] }, on: { '*': () => {} } }),
);

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let connection: unknown;
    const writeHead = res.writeHead.bind(res) as (s: number, h?: Record<string, string>) => ServerResponse;
    res.writeHead = ((s: number, h?: Record<string, string>) => {
      connection = h?.connection;
      return writeHead(s, h);
    }) as typeof res.writeHead;
    if (req.url?.endsWith('?raw')) {
      // Like express.raw(): the body is read into req.body before the adapter runs.
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks);
        node(req, res);
        seen.push(new Promise((r) => res.on('close', () => r({ status: res.statusCode, readBody: true, connection }))));
      });
      return;
    }
    node(req, res);
    // A 'data' listener (what reading the body takes) makes the stream flowing; a refusal from the headers never adds one.
    const readBody = req.readableFlowing === true;
    seen.push(new Promise((r) => res.on('close', () => r({ status: res.statusCode, readBody, connection }))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/hj`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

/**
 * Sends `total` bytes generated lazily (as the socket takes them). Settles when the response has arrived or the
 * server closed the connection, then stops sending.
 */
function send(method: string, headers: Record<string, string>, total: number, query = ''): Promise<void> {
  return new Promise((resolve) => {
    let generated = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const body = new Readable({
      read() {
        probe.sample();
        if (generated >= total) return void this.push(null);
        generated += chunk.length;
        this.push(chunk);
      },
    });
    const req = httpRequest(url + query, { method, headers });
    const done = () => {
      body.unpipe(req);
      req.destroy();
      resolve();
    };
    req.on('response', (res) => {
      res.resume();
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', done);
    body.pipe(req);
  });
}

describe('toNodeHandler refuses before reading and limits what it reads', () => {
  it('an unsigned 50 MB POST → 400, the body never read, the connection closed', async () => {
    seen = [];
    await send('POST', { 'content-type': 'application/json', 'content-length': String(50 * MiB) }, 50 * MiB);
    expect(await seen[0]).toEqual({ status: 400, readBody: false, connection: 'close' });
  });

  it('a GET with a body → 405, the body never read', async () => {
    seen = [];
    await send('GET', { ...SIGNED_LOOKING, 'content-length': String(2 * MiB) }, 2 * MiB);
    expect(await seen[0]).toEqual({ status: 405, readBody: false, connection: 'close' });
  });

  it('Content-Length over maxBodyBytes → 413 from the header, the body never read', async () => {
    seen = [];
    await send('POST', { ...SIGNED_LOOKING, 'content-length': String(50 * MiB) }, 50 * MiB);
    expect(await seen[0]).toEqual({ status: 413, readBody: false, connection: 'close' });
  });

  it('a chunked 50 MB POST with signature headers → 413 once 1 MiB is counted, bounded memory, connection closed', async () => {
    seen = [];
    probe = memoryProbe();
    await send('POST', { ...SIGNED_LOOKING, 'transfer-encoding': 'chunked' }, 50 * MiB);
    // Closed, not left half-read: a connection whose body is neither read nor drained would stall until a timeout.
    expect(await seen[0]).toEqual({ status: 413, readBody: true, connection: 'close' });
    expect(probe.growth()).toBeLessThan(16 * MiB);
  });

  it('a body already read by a raw-body middleware (express.raw) is held to maxBodyBytes too → 413', async () => {
    seen = [];
    await send('POST', { ...SIGNED_LOOKING, 'transfer-encoding': 'chunked' }, 2 * MiB, '?raw');
    expect(await seen[0]).toEqual({ status: 413, readBody: true, connection: undefined });
  });
});
