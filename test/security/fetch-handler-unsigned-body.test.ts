// Attack: an unsigned (or non-POST) request with a huge body to a toFetchHandler endpoint. It can never verify, so
// the adapter must refuse it from its headers alone, without reading a byte of the body.
import { describe, expect, it } from 'vitest';
import { createWebhookHandler, toFetchHandler } from '../../src/server/index.js';
import { MiB, lazyWebBody } from '../support/memory.js';

const fetchHandler = toFetchHandler(
  createWebhookHandler({ verify: { keys: [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }] }, on: { '*': () => {} } }),
);
const stream = (init: RequestInit) =>
  new Request('http://127.0.0.1/hooks/hj', { ...init, duplex: 'half' } as RequestInit);

describe('toFetchHandler refuses from the headers before reading the body', () => {
  it('an unsigned 50 MB POST → 400 MISSING_HEADER, no byte of the body read', async () => {
    const body = lazyWebBody(50 * MiB);
    const res = await fetchHandler(
      stream({ method: 'POST', headers: { 'content-type': 'application/json' }, body: body.stream }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'MISSING_HEADER' } });
    expect(body.pulled()).toBe(0);
    expect(body.cancelled()).toBe(true);
  });

  it('a POST carrying only part of a scheme’s headers → 400, no byte read', async () => {
    const body = lazyWebBody(50 * MiB);
    const res = await fetchHandler(
      stream({
        method: 'POST',
        headers: { authorization: `HMAC wh_1:${'A'.repeat(43)}=`, 'webhook-id': 'msg_1' },
        body: body.stream,
      }),
    );
    expect(res.status).toBe(400);
    expect(body.pulled()).toBe(0);
    expect(body.cancelled()).toBe(true);
  });

  it('a PUT with a 50 MB body → 405 with Allow: POST, no byte read', async () => {
    const body = lazyWebBody(50 * MiB);
    const res = await fetchHandler(
      stream({ method: 'PUT', headers: { authorization: 'x', date: 'x', 'content-md5': 'x' }, body: body.stream }),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(body.pulled()).toBe(0);
    expect(body.cancelled()).toBe(true);
  });
});
