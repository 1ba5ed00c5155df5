// Kill-test receiver, Redis variant: RedisDedupeStore on DEDUPE_REDIS_URL, and a NON-transactional effect, RPUSH of
// "<event id> <pid>" to the list `effects` on a second redis-server (EFFECTS_REDIS_URL): it survives the receiver's
// SIGKILL once Redis acknowledged it, and nothing ties it to the store's done mark.
import { createClient } from 'redis';
import { RedisDedupeStore } from '../../../src/server/stores/index.js';
import type { KillReceiverFactory } from '../kill-receiver.js';

// The store gets a client made here, from the node-redis the bundle already holds: given a URL it would import `redis`
// again from node_modules at run time in each of the 57 receivers (51.6 against 43.0 CPU-s for them all, measured).
const factory: KillReceiverFactory = async (env) => {
  const effects = createClient({ url: env.EFFECTS_REDIS_URL! });
  const dedupe = createClient({ url: env.DEDUPE_REDIS_URL! });
  await Promise.all([effects.connect(), dedupe.connect()]);
  return {
    store: new RedisDedupeStore({ client: dedupe, operationTimeoutMs: 1000 }),
    effect: async (event) => void (await effects.rPush('effects', `${event.event_id} ${process.pid}`)),
  };
};
export default factory;
