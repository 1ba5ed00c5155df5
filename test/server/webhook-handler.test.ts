import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDedupeStore, RedisDedupeStore, type DedupeStore } from '../../src/server/stores/index.js';
import { toFetchHandler, toNodeHandler } from '../../src/server/index.js';
import { startRedis, type RunningRedis, watchExpiry } from '../support/redis.js';
import { entries } from '../support/providers.js';
import { KEYS, event } from '../support/events.js';

const PATH = '/hooks/hj';
const ev = (id: string, type?: string) => event(id, type);

let redis: RunningRedis;
beforeAll(async () => void (redis = await startRedis()));
afterAll(() => redis?.stop());

const stores: { name: string; make: () => DedupeStore & { close?(): Promise<void> } }[] = [
  { name: 'MemoryDedupeStore', make: () => new MemoryDedupeStore() },
  {
    name: 'RedisDedupeStore (real redis-server)',
    make: () => new RedisDedupeStore({ url: redis.url, prefix: `t${Math.random()}:` }),
  },
];

describe.each(entries)('createWebhookHandler — $name', ({ api }) => {
  const deliver = async (
    handler: ReturnType<typeof api.createWebhookHandler>,
    event: object,
    extra: { path?: string } = {},
  ) => {
    const d = await api.signWebhook({
      payload: event,
      tokenId: 'wh_1',
      secret: 'webhook-secret-1',
      path: extra.path ?? PATH,
    });
    return handler.handle({ method: 'POST', path: PATH, headers: d.headers, body: d.body });
  };

  describe.each(stores)('$name', ({ make }) => {
    it('processed → 200; duplicate of done → 200 duplicate; handler ran once', async () => {
      const seen: string[] = [];
      const h = api.createWebhookHandler({
        verify: { keys: KEYS },
        store: make(),
        on: { 'application.completed': (e) => void seen.push(e.event_id) },
      });
      const a = await deliver(h, ev('evt_a'));
      const b = await deliver(h, ev('evt_a'));
      expect([a.status, a.outcome, JSON.parse(a.body).status]).toEqual([200, 'processed', 'processed']);
      expect([b.status, b.outcome, JSON.parse(b.body).status]).toEqual([200, 'duplicate', 'duplicate']);
      expect(seen).toEqual(['evt_a']);
    });

    it('a duplicate while the first is in flight → 409 with Retry-After; after it finishes → 200 duplicate', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let runs = 0;
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const h = api.createWebhookHandler({
        verify: { keys: KEYS },
        store: make(),
        retryAfterSec: 2,
        on: {
          '*': async () => {
            runs++;
            started();
            await gate;
          },
        },
      });
      const first = deliver(h, ev('evt_b'));
      await running; // the first copy holds the claim and runs
      const dup = await deliver(h, ev('evt_b'));
      expect([dup.status, dup.outcome, dup.headers['retry-after']]).toEqual([409, 'in_flight', '2']);
      release();
      expect((await first).status).toBe(200);
      expect((await deliver(h, ev('evt_b'))).outcome).toBe('duplicate');
      expect(runs).toBe(1);
    });

    it('handler throws → 500 and the claim is released, so the retry processes it exactly once', async () => {
      let calls = 0;
      const errors: unknown[] = [];
      const h = api.createWebhookHandler({
        verify: { keys: KEYS },
        store: make(),
        onError: (e) => errors.push(e),
        on: {
          'application.completed': () => {
            if (++calls === 1) throw new Error('db down');
          },
        },
      });
      const r1 = await deliver(h, ev('evt_c'));
      expect([r1.status, r1.outcome]).toEqual([500, 'failed']);
      expect(r1.body).not.toContain('db down');
      expect((await deliver(h, ev('evt_c'))).outcome).toBe('processed');
      expect((await deliver(h, ev('evt_c'))).outcome).toBe('duplicate');
      expect(calls).toBe(2);
      expect(errors).toHaveLength(1);
    });

    it('events without a handler are acknowledged (200 ignored) and the catch-all sees unknown types', async () => {
      const seen: string[] = [];
      const h = api.createWebhookHandler({
        verify: { keys: KEYS },
        store: make(),
        on: { 'consent.authorised': () => {} },
      });
      expect((await deliver(h, ev('evt_d'))).outcome).toBe('ignored');
      const h2 = api.createWebhookHandler({
        verify: { keys: KEYS },
        store: make(),
        on: { '*': (e, ctx) => void seen.push(`${e.type}:${ctx.known}:${ctx.tokenId}`) },
      });
      expect((await deliver(h2, ev('evt_e', 'brand.new'))).outcome).toBe('processed');
      expect(seen).toEqual(['brand.new:false:wh_1']);
    });
  });

  it('verification failures: 400 malformed, 401 not authentic; 405 for non-POST; nothing runs', async () => {
    let runs = 0;
    const h = api.createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => void runs++ } });
    const d = await api.signWebhook({ payload: ev('evt_f'), tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
    const r400 = await h.handle({ method: 'POST', path: PATH, headers: {}, body: d.body });
    const r401 = await h.handle({
      method: 'POST',
      path: PATH,
      headers: d.headers,
      body: (d.body as string).replace('acme', 'evil'),
    });
    const rPath = await h.handle({ method: 'POST', path: '/other', headers: d.headers, body: d.body });
    const r405 = await h.handle({ method: 'GET', path: PATH, headers: d.headers, body: '' });
    expect([r400.status, JSON.parse(r400.body).error.code]).toEqual([400, 'MISSING_HEADER']);
    expect([r401.status, JSON.parse(r401.body).error.code]).toEqual([401, 'BODY_DIGEST_MISMATCH']);
    expect([rPath.status, JSON.parse(rPath.body).error.code]).toEqual([401, 'BAD_SIGNATURE']);
    expect(r405.status).toBe(405);
    expect(runs).toBe(0);
    // verify.path overrides the request path (proxies that rewrite paths).
    const hp = api.createWebhookHandler({ verify: { keys: KEYS, path: PATH }, on: { '*': () => void runs++ } });
    expect(
      (await hp.handle({ method: 'POST', path: '/internal/rewritten', headers: d.headers, body: d.body })).status,
    ).toBe(200);
  });

  it('store unreachable → 503 with Retry-After, handler not run, nothing marked done', async () => {
    let runs = 0;
    const dead = new RedisDedupeStore({ url: 'redis://127.0.0.1:1', operationTimeoutMs: 300 });
    const h = api.createWebhookHandler({ verify: { keys: KEYS }, store: dead, on: { '*': () => void runs++ } });
    const r = await deliver(h, ev('evt_g'));
    expect([r.status, r.outcome, r.headers['retry-after']]).toEqual([503, 'unavailable', '5']);
    expect(runs).toBe(0);
    await dead.close();
  });

  it('toFetchHandler: a real Request (Next.js route handler / Hono style)', async () => {
    const seen: string[] = [];
    const POST = toFetchHandler(
      api.createWebhookHandler({ verify: { keys: KEYS }, on: { '*': (e) => void seen.push(e.event_id) } }),
    );
    const d = await api.signWebhook({
      payload: ev('evt_h'),
      tokenId: 'wh_1',
      secret: 'webhook-secret-1',
      path: `${PATH}?x=1`,
    });
    const res = await POST(
      new Request(`https://app.example${PATH}?x=1`, { method: 'POST', headers: d.headers, body: d.body as string }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'processed', event_id: 'evt_h' });
    const bad = await POST(
      new Request(`https://app.example${PATH}`, { method: 'POST', headers: d.headers, body: d.body as string }),
    );
    expect(bad.status).toBe(401);
    expect(seen).toEqual(['evt_h']);
  });
});

describe('toNodeHandler over real node:http', () => {
  const { api } = entries[0];
  let server: ReturnType<typeof createServer>;
  let base: string;
  const seen: string[] = [];
  beforeAll(async () => {
    const webhook = toNodeHandler(
      api.createWebhookHandler({ verify: { keys: KEYS }, on: { '*': (e) => void seen.push(e.event_id) } }),
      { maxBodyBytes: 4096 },
    );
    server = createServer((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const mode = req.headers['x-test-mode'];
      if (mode === undefined) return webhook(req, res);
      // Simulated body-parser middlewares run before the webhook handler, as in Express.
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (mode === 'json') req.body = JSON.parse(raw.toString());
        if (mode === 'raw') req.body = raw;
        webhook(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const post = async (id: string, headers: Record<string, string> = {}, bodyOverride?: string) => {
    const d = await api.signWebhook({ payload: ev(id), tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH });
    return fetch(base + PATH, {
      method: 'POST',
      headers: { ...d.headers, ...headers },
      body: bodyOverride ?? (d.body as string),
    });
  };

  it('reads the raw body itself and processes the delivery', async () => {
    const r = await post('evt_n1');
    expect(r.status).toBe(200);
    expect(seen).toContain('evt_n1');
  });

  it('uses a raw Buffer left by express.raw()', async () => {
    expect((await post('evt_n2', { 'x-test-mode': 'raw' })).status).toBe(200);
  });

  it('refuses a body already parsed by express.json() with PARSED_BODY and explains the fix', async () => {
    const r = await post('evt_n3', { 'x-test-mode': 'json' });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('PARSED_BODY');
    expect(body.error.message).toMatch(/express\.raw/);
  });

  it('refuses a stream another middleware consumed without leaving a body', async () => {
    const r = await post('evt_n4', { 'x-test-mode': 'consumed' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('PARSED_BODY');
  });

  it('answers 413 above maxBodyBytes', async () => {
    expect((await post('evt_n5', {}, 'x'.repeat(10_000))).status).toBe(413);
  });
});

describe('stores', () => {
  it('MemoryDedupeStore expires leases and done entries, and stays bounded (evicting finished ones first)', async () => {
    let t = 0;
    const s = new MemoryDedupeStore({ maxEntries: 3, now: () => t });
    expect(await s.claim('a', 'o1', 100)).toBe('claimed');
    expect(await s.claim('a', 'o2', 100)).toBe('in_flight');
    t = 101;
    expect(await s.claim('a', 'o2', 100)).toBe('claimed');
    expect(await s.complete('a', 'o1', 1000)).toBe(false);
    expect(await s.release('a', 'o1')).toBe(false);
    expect(await s.complete('a', 'o2', 1000)).toBe(true);
    expect(await s.claim('a', 'o3', 100)).toBe('done');
    await s.claim('b', 'o', 5000);
    await s.claim('c', 'o', 5000);
    await s.claim('d', 'o', 5000);
    expect(s.size).toBe(3);
    expect(await s.claim('b', 'x', 5000)).toBe('in_flight'); // in-flight claims survived; the done 'a' was evicted
    // Full of claims in progress: none is evicted, a new claim is refused as busy (the handler answers 503).
    expect(await s.claim('a', 'x', 5000)).toBe('busy');
    expect(await s.claim('b', 'x', 5000)).toBe('in_flight');
    expect(await s.complete('b', 'o', 60_000)).toBe(true); // a finished id can make room again
    expect(await s.claim('a', 'x', 5000)).toBe('claimed'); // by evicting the done 'b'
    expect([await s.claim('b', 'y', 5000), s.size]).toEqual(['busy', 3]); // 'b' is forgotten; a, c, d are in progress
  });

  it('RedisDedupeStore: SET NX PX lease, owner-checked release and complete, lease expiry', async () => {
    const s = new RedisDedupeStore({ url: redis.url, prefix: 'unit:' });
    const lease = await watchExpiry(redis.url, 'unit:e1');
    expect(await s.claim('e1', 'o1', 200)).toBe('claimed');
    expect(await s.claim('e1', 'o2', 200)).toBe('in_flight');
    expect(await s.release('e1', 'o2')).toBe(false);
    expect(await s.complete('e1', 'o2', 1000)).toBe(false);
    await lease.expired; // Redis ended o1's lease
    expect(await s.claim('e1', 'o2', 5000)).toBe('claimed');
    expect(await s.complete('e1', 'o1', 1000)).toBe(false);
    expect(await s.complete('e1', 'o2', 60_000)).toBe(true);
    expect(await s.claim('e1', 'o3', 5000)).toBe('done');
    expect(await s.claim('e2', 'o1', 5000)).toBe('claimed');
    expect(await s.release('e2', 'o1')).toBe(true);
    expect(await s.claim('e2', 'o2', 5000)).toBe('claimed');
    await s.close();
  });

  it('RedisDedupeStore accepts a node-redis client the caller owns', async () => {
    const { createClient } = await import('redis');
    const client = createClient({ url: redis.url });
    await client.connect();
    const s = new RedisDedupeStore({ client, prefix: 'own:' });
    expect(await s.claim('x', 'o', 1000)).toBe('claimed');
    expect(await client.get('own:x')).toBe('o');
    await s.close();
    expect(client.isOpen).toBe(true);
    await client.close();
  });
});
