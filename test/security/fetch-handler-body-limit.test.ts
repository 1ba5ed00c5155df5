// Attack: a huge POST to a toFetchHandler endpoint. An adapter that buffers the whole body
// (request.arrayBuffer()) before looking at anything holds ≥ 50 MB of ArrayBuffers for 50 MB in.
import { describe, expect, it } from 'vitest';
import { createWebhookHandler, toFetchHandler } from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import { MiB, lazyWebBody, memoryProbe } from '../support/memory.js';
import { KEYS, event } from '../support/events.js';

const URL_ = 'http://127.0.0.1/hooks/hj';
// Well-formed signature headers (presence is all the adapter checks before reading; the handler checks the rest).
const SIGNED_LOOKING = {
  authorization: `HMAC wh_1:${'A'.repeat(43)}=`,
  date: new Date().toUTCString(),
  'content-md5': '1B2M2Y8AsgTpgAmY7PhCfg==',
  'content-type': 'application/json',
};

function handler(calls: { n: number }) {
  return createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => void calls.n++ } });
}

describe('toFetchHandler body limit', () => {
  it('a 50 MB streamed POST with signature headers and no Content-Length gets 413, with bounded memory', async () => {
    const calls = { n: 0 };
    const probe = memoryProbe();
    const body = lazyWebBody(50 * MiB, probe.sample);
    const request = new Request(URL_, {
      method: 'POST',
      headers: SIGNED_LOOKING,
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    const res = await toFetchHandler(handler(calls))(request);
    const growth = probe.growth();
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'BODY_TOO_LARGE' } });
    expect(body.pulled()).toBeLessThanOrEqual(1 * MiB + 64 * 1024);
    expect(body.cancelled()).toBe(true);
    expect(growth).toBeLessThan(4 * MiB);
    expect(calls.n).toBe(0);
  });

  it('a declared Content-Length over the limit is refused with 413 before any byte is read', async () => {
    const body = lazyWebBody(50 * MiB);
    const request = new Request(URL_, {
      method: 'POST',
      headers: { ...SIGNED_LOOKING, 'content-length': String(50 * MiB) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    const res = await toFetchHandler(handler({ n: 0 }))(request);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBe(0);
  });

  it('maxBodyBytes sets the limit; a delivery within it is processed', async () => {
    const calls = { n: 0 };
    const fetchHandler = toFetchHandler(handler(calls), { maxBodyBytes: 4096 });
    const over = lazyWebBody(8192);
    const r1 = await fetchHandler(
      new Request(URL_, { method: 'POST', headers: SIGNED_LOOKING, body: over.stream, duplex: 'half' } as RequestInit),
    );
    expect(r1.status).toBe(413);
    const payload = event('evt_1');
    const d = await signWebhook({ payload, tokenId: 'wh_1', secret: 'webhook-secret-1', path: '/hooks/hj' });
    const r2 = await fetchHandler(new Request(URL_, { method: 'POST', headers: d.headers, body: d.body as BodyInit }));
    expect(r2.status).toBe(200);
    expect(calls.n).toBe(1);
  });

  it('a body stream that fails mid-way → 400 BODY_READ_FAILED, not a rejected promise', async () => {
    let n = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(c) {
        if (n++ < 2) c.enqueue(new Uint8Array(1024));
        else c.error(new Error('connection reset'));
      },
    });
    const res = await toFetchHandler(handler({ n: 0 }))(
      new Request(URL_, { method: 'POST', headers: SIGNED_LOOKING, body: failing, duplex: 'half' } as RequestInit),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BODY_READ_FAILED' } });
  });

  it('an unusable maxBodyBytes is a ServerConfigError', () => {
    for (const bad of [-1, Number.NaN, Infinity, 1.5, '1024' as unknown as number]) {
      expect(() => toFetchHandler(handler({ n: 0 }), { maxBodyBytes: bad })).toThrow(
        expect.objectContaining({ name: 'ServerConfigError', field: 'maxBodyBytes' }),
      );
    }
  });
});
