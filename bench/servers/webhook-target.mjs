// A load target in its own process, so the load generator (in the bench process) does not share its event loop.
//   node bench/servers/webhook-target.mjs bare                      a node:http server answering 200
//   node bench/servers/webhook-target.mjs memory                    handler + MemoryDedupeStore (attribution)
//   node bench/servers/webhook-target.mjs handler <redis-url> <ms>  handler + RedisDedupeStore
//   node bench/servers/webhook-target.mjs inbox <database-url>      handler + PostgresInbox: one effect row per
//                                                                    event through ctx.db
//   node bench/servers/webhook-target.mjs floor <database-url>      the inbox's floor: verifyWebhook, then BEGIN;
//                                                                    INSERT id ON CONFLICT DO NOTHING; the effect
//                                                                    row; COMMIT
// Each imports the built dist/server.js.
// The Redis handler counts its runs per event_id in Redis (HINCRBY bench:runs <event_id> 1), so exactly-once is
// checked outside this process; the memory one counts in a Map; the inbox one INSERTs (event_id) into INBOX_EFFECTS
// (created by the bench, no unique constraint) in the delivery's transaction: rows per event_id are its effects. GET /__bench/cpu reports this process's CPU time (µs).
// Prints one JSON line `{ "url": ... }` when listening; stops on SIGTERM or when stdin closes (the parent died).
import { existsSync } from 'node:fs';
import { bareHandler, listen } from '../lib/http.mjs';

/**
 * The built backend helper, as integrators run it (bench/run.mjs builds dist/ first): not the TypeScript sources
 * through a loader, whose transform wraps every closure the handler makes per delivery in a naming call.
 */
async function serverModule(mode) {
  const dist =
    mode === 'inbox-before'
      ? new URL(`file://${process.env.BENCH_COMPARE}/dist/`)
      : new URL('../../dist/', import.meta.url);
  const url = new URL('server.js', dist);
  if (!existsSync(url)) throw new Error('dist/server.js is missing: run `npm run build` (npm run bench builds it)');
  // The stores' entry (dist/server-stores.js); a compared build without one has the stores in dist/server.js.
  const stores = new URL('server-stores.js', dist);
  return { ...(await import(url.href)), ...(existsSync(stores) ? await import(stores.href) : {}) };
}

export const WEBHOOK = Object.freeze({
  path: '/webhooks/hosted-journey',
  tokenId: 'wh_bench',
  secret: 'bench-webhook-secret-0123456789abcdef',
});
export const RUNS_KEY = 'bench:runs';
export const INBOX_EFFECTS = 'bench_effects';
/** The 'inbox-before' target's effect rows and inbox table (BENCH_COMPARE: an earlier build, beside the inbox). */
export const BEFORE_EFFECTS = 'bench_before_effects';
const BEFORE_INBOX = 'bench_before_inbox';
/** The floor target's effect rows (created by the bench, no unique constraint) and its own table of event ids. */
export const FLOOR_EFFECTS = 'bench_floor_effects';
export const FLOOR_INBOX = 'bench_floor_inbox';
/**
 * Connections of the inbox and floor targets' pools: one per load connection (a delivery holds one for its
 * transaction). They never close when idle, so the backends (and the CPU they used) outlive the pauses between rounds.
 */
export const INBOX_POOL = 16;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function handlerTarget(mode, redisUrl, delayMs) {
  const server = await serverModule(mode);
  const effects = mode === 'inbox-before' ? BEFORE_EFFECTS : INBOX_EFFECTS;
  let client;
  let count;
  let store;
  if (mode === 'handler') {
    const { createClient } = await import('redis');
    // The run counter is the bench's instrumentation (the exactly-once check), not the SDK's work: one real HINCRBY
    // round trip, without node-redis 6's per-command AbortSignal.timeout (≈3 µs of handler CPU per command here).
    client = createClient({ url: redisUrl, commandOptions: { timeout: 0 } });
    client.on('error', () => {}); // surfaced as failed deliveries (5xx), counted by the bench
    await client.connect();
    store = new server.RedisDedupeStore({ client });
    count = (id) => client.hIncrBy(RUNS_KEY, id, 1);
  } else if (mode === 'inbox' || mode === 'inbox-before') {
    const { default: pg } = await import('pg');
    client = new pg.Pool({
      connectionString: redisUrl,
      max: INBOX_POOL,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 0,
    });
    client.on('error', () => {}); // surfaced as failed deliveries (503), counted by the bench
    store = new server.PostgresInbox({ pool: client, table: mode === 'inbox' ? undefined : BEFORE_INBOX });
    await store.migrate();
  } else {
    const runs = new Map();
    store = new server.MemoryDedupeStore();
    count = (id) => runs.set(id, (runs.get(id) ?? 0) + 1);
  }
  const handler = server.createWebhookHandler({
    verify: { keys: [{ tokenId: WEBHOOK.tokenId, secret: WEBHOOK.secret }], path: WEBHOOK.path },
    store,
    on: {
      async '*'(event, ctx) {
        if (delayMs > 0) await sleep(delayMs);
        if (ctx.db) await ctx.db.query(`INSERT INTO ${effects} (event_id) VALUES ($1)`, [event.event_id]);
        else await count(event.event_id);
      },
    },
    onError: (error, info) => process.stderr.write(`webhook ${info.stage} error ${info.eventId ?? ''}: ${error}\n`),
  });
  return {
    node: server.toNodeHandler(handler),
    close: async () => client && (client.close?.() ?? client.end?.() ?? client.quit()),
  };
}

/**
 * The least any correct inbox must do, written by hand on the same pool size: the same verification as the handler,
 * then one transaction of four statements, each its own round trip. A copy of an event in flight waits on the
 * uncommitted insert (then finds the id and writes nothing); a copy of a done event writes nothing.
 */
async function floorTarget(databaseUrl) {
  const server = await serverModule();
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: INBOX_POOL,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => {});
  await pool.query(`CREATE TABLE IF NOT EXISTS ${FLOOR_INBOX} (event_id text PRIMARY KEY)`);
  const keys = [{ tokenId: WEBHOOK.tokenId, secret: WEBHOOK.secret }];
  const answer = (res, status) => res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
  const deliver = async (req, res, body) => {
    let event;
    try {
      ({ event } = await server.verifyWebhook({ body, headers: req.headers, keys, path: WEBHOOK.path }));
    } catch {
      return answer(res, 401);
    }
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const claimed = await c.query(`INSERT INTO ${FLOOR_INBOX} (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
        event.event_id,
      ]);
      if (claimed.rowCount === 1)
        await c.query(`INSERT INTO ${FLOOR_EFFECTS} (event_id) VALUES ($1)`, [event.event_id]);
      await c.query('COMMIT');
      c.release();
      answer(res, 200);
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      c.release(true);
      process.stderr.write(`floor error ${event.event_id}: ${e}\n`);
      answer(res, 503);
    }
  };
  return {
    node: (req, res) => {
      const chunks = [];
      req.on('data', (d) => chunks.push(d));
      req.on('end', () => void deliver(req, res, Buffer.concat(chunks).toString('utf8')));
    },
    close: () => pool.end(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, redisUrl, delay] = process.argv.slice(2);
  const target =
    mode === 'bare'
      ? { node: bareHandler, close: async () => {} }
      : mode === 'floor'
        ? await floorTarget(redisUrl)
        : await handlerTarget(mode, redisUrl, Number(delay || 0));
  const http = await listen((req, res) => {
    if (req.method === 'GET' && req.url === '/__bench/cpu') {
      const { user, system } = process.cpuUsage();
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ us: user + system }));
    }
    return target.node(req, res);
  });
  const stop = async () => {
    await http.close();
    await target.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
  process.stdout.write(JSON.stringify({ url: http.url }) + '\n');
}
