// A load target in its own process, so the load generator (in the bench process) does not share its event loop.
//   node --import tsx bench/servers/webhook-target.mjs bare                      a node:http server answering 200
//   node --import tsx bench/servers/webhook-target.mjs memory                    handler + MemoryDedupeStore
//                                                                                 (attribution)
//   node --import tsx bench/servers/webhook-target.mjs handler <redis-url> <ms>  handler + RedisDedupeStore
// The Redis handler counts its runs per event_id in Redis (HINCRBY bench:runs <event_id> 1), so exactly-once is
// checked outside this process; the memory one counts in a Map. GET /__bench/cpu reports this process's CPU time (µs).
// Prints one JSON line `{ "url": ... }` when listening; stops on SIGTERM or when stdin closes (the parent died).
import { bareHandler, listen } from '../lib/http.mjs';

export const WEBHOOK = Object.freeze({
  path: '/webhooks/hosted-journey',
  tokenId: 'wh_bench',
  secret: 'bench-webhook-secret-0123456789abcdef',
});
export const RUNS_KEY = 'bench:runs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function handlerTarget(mode, redisUrl, delayMs) {
  const server = await import('../../src/server/index.ts');
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
  } else {
    const runs = new Map();
    store = new server.MemoryDedupeStore();
    count = (id) => runs.set(id, (runs.get(id) ?? 0) + 1);
  }
  const handler = server.createWebhookHandler({
    verify: { keys: [{ tokenId: WEBHOOK.tokenId, secret: WEBHOOK.secret }], path: WEBHOOK.path },
    store,
    on: {
      async '*'(event) {
        if (delayMs > 0) await sleep(delayMs);
        await count(event.event_id);
      },
    },
    onError: (error, info) => process.stderr.write(`webhook ${info.stage} error ${info.eventId ?? ''}: ${error}\n`),
  });
  return { node: server.toNodeHandler(handler), close: async () => client && (client.close?.() ?? client.quit()) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, redisUrl, delay] = process.argv.slice(2);
  const target =
    mode === 'bare'
      ? { node: bareHandler, close: async () => {} }
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
