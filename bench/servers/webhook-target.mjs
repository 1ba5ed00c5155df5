// A load target in its own process, so the load generator (in the bench process) does not share its event loop.
//   node --import tsx bench/servers/webhook-target.mjs bare
//   node --import tsx bench/servers/webhook-target.mjs handler <redis-url> <handler-delay-ms>
// Prints one JSON line `{ "url": ... }` when listening; stops on SIGTERM or when stdin closes (the parent died).
// The handler counts its runs per event_id in Redis (HINCRBY bench:runs <event_id> 1), so exactly-once is checked
// outside this process.
import { bareHandler, listen } from '../lib/http.mjs';

export const WEBHOOK = Object.freeze({ path: '/webhooks/hosted-journey', tokenId: 'wh_bench', secret: 'bench-webhook-secret-0123456789abcdef' });
export const RUNS_KEY = 'bench:runs';

async function handlerTarget(redisUrl, delayMs) {
  const server = await import('../../src/server/index.ts');
  const { createClient } = await import('redis');
  const client = createClient({ url: redisUrl });
  client.on('error', () => {}); // surfaced as failed deliveries (5xx), counted by the bench
  await client.connect();
  const store = new server.RedisDedupeStore({ client });
  const handler = server.createWebhookHandler({
    verify: { keys: [{ tokenId: WEBHOOK.tokenId, secret: WEBHOOK.secret }], path: WEBHOOK.path },
    store,
    async onEvent(event) {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      await client.hIncrBy(RUNS_KEY, event.event_id, 1);
    },
  });
  return { node: server.toNodeHandler(handler), close: () => client.close?.() ?? client.quit() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, redisUrl, delay] = process.argv.slice(2);
  const target = mode === 'handler' ? await handlerTarget(redisUrl, Number(delay ?? 0)) : { node: bareHandler, close: async () => {} };
  const http = await listen(target.node);
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
