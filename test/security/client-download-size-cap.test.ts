// Attack: a (compromised or misbehaving) service answers a download with an endless body. downloadBundle /
// downloadReport must not read it whole (300 MB in would hold +915 MB RSS). Real node:http server on loopback, body
// generated lazily as the socket takes it.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isClientError } from '../../src/server/index.js';
import { MiB, memoryProbe, readToError, type MemoryProbe } from '../support/memory.js';

const TOTAL = 300 * MiB;
let server: Server;
let baseUrl = '';
let probe: MemoryProbe = memoryProbe();
let generated = 0;
let requests = 0;
let declareLength = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    generated = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const status = req.url?.startsWith('/enquiry/getreport') ? 500 : 200;
    res.writeHead(status, {
      'content-type': 'application/octet-stream',
      ...(declareLength ? { 'content-length': String(TOTAL) } : {}),
    });
    const body = new Readable({
      read() {
        probe.sample();
        if (generated >= TOTAL) return void this.push(null);
        generated += chunk.length;
        this.push(chunk);
      },
    });
    body.pipe(res);
    res.on('close', () => body.destroy());
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

const client = (extra: object = {}) =>
  createClient({ baseUrl, tokenId: 'tok_1', signingSecret: 'sk_test_secret', retry: { baseDelayMs: 1 }, ...extra });
const tooLarge = (limit: number) =>
  expect.objectContaining({ name: 'ResponseTooLargeError', code: 'RESPONSE_TOO_LARGE', limit });

describe('client download size cap', () => {
  it('a 300 MB bundle (no Content-Length) fails at the 50 MiB default, counted while streaming, not retried', async () => {
    declareLength = false;
    requests = 0;
    probe = memoryProbe();
    const err = await client()
      .downloadBundle({ id: 'app_1', format: 'pdf' })
      .catch((e: unknown) => e);
    expect(err).toEqual(tooLarge(50 * MiB));
    expect(isClientError(err)).toBe(true);
    expect(requests).toBe(1);
    expect(generated).toBeLessThan(TOTAL);
    expect(probe.growth()).toBeLessThan(128 * MiB);
  });

  it('maxResponseBytes (client option and per call) bounds memory tightly; downloadReport too', async () => {
    declareLength = false;
    probe = memoryProbe();
    const err = await client({ maxResponseBytes: 4 * MiB })
      .downloadReport({ enquiry_id: 'enq_1' })
      .catch((e: unknown) => e);
    expect(err).toEqual(tooLarge(4 * MiB));
    const err2 = await client()
      .downloadBundle({ id: 'app_1', format: 'csv', maxResponseBytes: 2 * MiB })
      .catch((e: unknown) => e);
    expect(err2).toEqual(tooLarge(2 * MiB));
    expect(probe.growth()).toBeLessThan(32 * MiB);
  });

  it('a Content-Length over the cap is refused from the header, before the body is read', async () => {
    declareLength = true;
    probe = memoryProbe();
    const err = await client({ maxResponseBytes: 1 * MiB })
      .downloadBundle({ id: 'app_1', format: 'pdf' })
      .catch((e: unknown) => e);
    expect(err).toEqual(expect.objectContaining({ name: 'ResponseTooLargeError', limit: 1 * MiB, declared: TOTAL }));
    expect(generated).toBeLessThan(64 * MiB);
    expect(probe.growth()).toBeLessThan(32 * MiB);
  });

  it('as: "stream" with maxResponseBytes errors the stream past the cap; Content-Length over it rejects up front', async () => {
    declareLength = false;
    probe = memoryProbe();
    const stream = await client().downloadBundle({
      id: 'app_1',
      format: 'pdf',
      as: 'stream',
      maxResponseBytes: 8 * MiB,
    });
    const { read, err } = await readToError(stream);
    expect(err).toEqual(tooLarge(8 * MiB));
    expect(read).toBeLessThanOrEqual(8 * MiB);
    expect(probe.growth()).toBeLessThan(32 * MiB);
    declareLength = true;
    await expect(
      client().downloadBundle({ id: 'app_1', format: 'pdf', as: 'stream', maxResponseBytes: 8 * MiB }),
    ).rejects.toEqual(tooLarge(8 * MiB));
  });

  it('JSON answers are capped by maxResponseBytes, and an error body is read only up to 64 KiB', async () => {
    declareLength = false;
    probe = memoryProbe();
    requests = 0;
    const c = client({ maxResponseBytes: 4 * MiB, retry: false });
    await expect(c.finalise({ vendor: 'acme', ref: 'c1' })).rejects.toEqual(tooLarge(4 * MiB));
    // A 500 with a 300 MB body: the usual ApiError, without reading the body whole.
    await expect(c.getReport({ enquiry_id: 'enq_1' })).rejects.toMatchObject({ name: 'ApiError', status: 500 });
    expect(requests).toBe(2);
    expect(generated).toBeLessThan(TOTAL);
    expect(probe.growth()).toBeLessThan(32 * MiB);
  });
});
