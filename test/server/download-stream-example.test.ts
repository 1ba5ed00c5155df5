// The streaming-download example of docs/server.md (the lines between the markers are the documented ones): type-checked by `tsc` (npm test's
// typecheck) and run here against a loopback server, so the documented code compiles and works.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
// --- docs/server.md: streaming download (imports) ---
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createClient } from '../../src/server/index.js';
// --- end ---

const SIZE = 20 * 1024 * 1024;
let baseUrl = '';
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/pdf' });
  const chunk = Buffer.alloc(64 * 1024, 0x25);
  let sent = 0;
  const more = () => {
    while (sent < SIZE) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
});
const dir = mkdtempSync(join(tmpdir(), 'hj-download-'));
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

it("docs/server.md streaming download: a bundle larger than the client's maxResponseBytes goes to disk under the call's cap", async () => {
  const file = join(dir, 'app_123.pdf');
  const client = createClient({
    baseUrl,
    tokenId: 'tok_1',
    signingSecret: 'sk_test_secret',
    maxResponseBytes: 1024 * 1024,
  });
  // --- docs/server.md: streaming download ---
  const stream = await client.downloadBundle({
    id: 'app_123',
    format: 'pdf',
    as: 'stream',
    maxResponseBytes: 2 * 1024 ** 3, // this call's cap: 2 GiB
  });
  await pipeline(Readable.fromWeb(stream as NodeReadableStream<Uint8Array>), createWriteStream(file));
  // --- end ---
  expect(statSync(file).size).toBe(SIZE);
});
