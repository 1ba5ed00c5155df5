// Attack: a (compromised or misbehaving) service answers a streamed download (`as: 'stream'`) with an endless body.
// Uncapped, whatever the integrator piped it into (a disk, a proxy) would take everything: the client's
// `maxResponseBytes` caps a stream as it is read, unless the call sets its own; past it the stream errors with ResponseTooLargeError and the response is cancelled. Real node:http server on loopback,
// body generated lazily as the socket takes it.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { readToError } from '../support/memory.js';

const MiB = 1024 * 1024;
const TOTAL = 64 * MiB;
const CAP = 4 * MiB;
let server: Server;
let baseUrl = '';
let generated = 0;
let declareLength = false;
let closed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  server = createServer((req, res) => {
    generated = 0;
    let onClose = () => {};
    closed = new Promise((r) => (onClose = r));
    const chunk = Buffer.alloc(64 * 1024, 0x25);
    res.writeHead(200, {
      'content-type': 'application/pdf',
      ...(declareLength ? { 'content-length': String(TOTAL) } : {}),
    });
    const body = new Readable({
      read() {
        if (generated >= TOTAL) return void this.push(null);
        generated += chunk.length;
        this.push(chunk);
      },
    });
    body.pipe(res);
    res.on('close', () => {
      body.destroy();
      onClose();
    });
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = () =>
  createClient({ baseUrl, tokenId: 'tok_1', signingSecret: 'sk_test_secret', maxResponseBytes: CAP, retry: false });

it("an endless streamed download errors past the client's maxResponseBytes and the response is cancelled", async () => {
  declareLength = false;
  const stream = await client().downloadBundle({ id: 'app_1', format: 'pdf', as: 'stream' });
  const { read, err } = await readToError(stream);
  expect(err).toMatchObject({ name: 'ResponseTooLargeError', code: 'RESPONSE_TOO_LARGE', limit: CAP });
  expect(read).toBeLessThanOrEqual(CAP);
  await closed; // the client let go of the response: the server's side closed
  expect(generated).toBeLessThan(TOTAL / 4);
});

it('a streamed download whose Content-Length is over the cap is refused before any of it is read', async () => {
  declareLength = true;
  await expect(client().downloadReport({ enquiry_id: 'enq_1', as: 'stream' })).rejects.toMatchObject({
    name: 'ResponseTooLargeError',
    limit: CAP,
    declared: TOTAL,
  });
});

it("a call's own maxResponseBytes raises the cap for that stream only", async () => {
  declareLength = false;
  const stream = await client().downloadBundle({ id: 'app_1', format: 'pdf', as: 'stream', maxResponseBytes: TOTAL });
  let read = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) read += chunk.byteLength;
  expect(read).toBe(TOTAL);
});
