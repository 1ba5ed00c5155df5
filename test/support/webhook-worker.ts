// A webhook receiver process for the multi-process Redis tests, forked by forkWorker (test/support/workers.ts).
// Env: REDIS_URL, or REDIS_CLUSTER (comma-separated node URLs: a node-redis cluster client passed as { client }),
// RUNS_FILE (one line appended per handler run), FAIL_FIRST (event id whose first run throws), WORKER_LOG (onError
// to stderr).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCluster } from 'redis';
import { RedisDedupeStore } from '../../src/server/stores/index.js';
import { createWebhookHandler, toNodeHandler } from '../../src/server/index.js';

const runsFile = process.env.RUNS_FILE!;
const cluster = process.env.REDIS_CLUSTER
  ? createCluster({ rootNodes: process.env.REDIS_CLUSTER.split(',').map((url) => ({ url })) })
  : undefined;
await cluster?.connect();
// The default operation timeout (2 s): a loaded machine can hold a burst of 100 claims in one process's event loop
// past a shorter one (503s, not a wrong answer, but not the storm's point).
const store = cluster
  ? new RedisDedupeStore({ client: cluster })
  : new RedisDedupeStore({ url: process.env.REDIS_URL! });
const handler = createWebhookHandler({
  verify: { keys: [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }] },
  store,
  leaseMs: 10_000,
  retryAfterSec: 1,
  onError: (e, info) => void (process.env.WORKER_LOG && console.error(process.pid, info.stage, String(e))),
  on: {
    '*': async (event) => {
      const earlier = existsSync(runsFile)
        ? readFileSync(runsFile, 'utf8')
            .split('\n')
            .filter((l) => l.startsWith(`${event.event_id} `)).length
        : 0;
      appendFileSync(runsFile, `${event.event_id} ${process.pid}\n`);
      await new Promise((r) => setTimeout(r, 100)); // widen the in-flight window
      if (event.event_id === process.env.FAIL_FIRST && earlier === 0) throw new Error('first run fails');
    },
  },
});
const server = createServer(toNodeHandler(handler));
await store.connect(); // as a production receiver would at start-up
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('message', (m) => {
  if (m === 'stop')
    server.close(
      () =>
        void store
          .close()
          .then(() => cluster?.close())
          .finally(() => process.exit(0)),
    );
});
