// The process of the catch-up kill test (test/server/catch-up.test.ts): `handler.catchUp` over a kill-test receiver
// factory's store and effect (test/support/kill-receivers/*.ts: RedisDedupeStore with an effect outside any
// transaction, PostgresInbox with the effect through ctx.db), against the sandbox at SANDBOX_URL. It calls catchUp
// without `since` (the checkpoint a killed predecessor left) and with SINCE only when there is no checkpoint yet.
// IPC out: { effect: eventId } after each effect; { done: summary } at the end. The controller SIGKILLs it at random.
// Env: SANDBOX_URL, TOKEN_ID, TOKEN_SECRET, SINCE, KILL_LEASE_MS, plus whatever the factory reads.
import { createClient, createWebhookHandler, isServerConfigError } from '../../src/server/index.js';
import type { KillReceiverFactory } from './kill-receiver.js';

export async function runCatchUpChild<Db = never>(factory: KillReceiverFactory<Db>): Promise<void> {
  const env = process.env;
  const { store, effect } = await factory(env);
  await store.connect?.();
  const tokenId = env.TOKEN_ID!;
  const client = createClient({ baseUrl: env.SANDBOX_URL!, tokenId, signingSecret: env.TOKEN_SECRET! });
  const handler = createWebhookHandler<Db>({
    verify: { keys: [{ tokenId, secret: env.TOKEN_SECRET! }] },
    store,
    leaseMs: Number(env.KILL_LEASE_MS),
    on: {
      '*': async (event, ctx) => {
        await effect(event, ctx);
        process.send!({ effect: event.event_id });
      },
    },
  });
  const summary = await handler.catchUp({ client, concurrency: 8 }).catch((e: unknown) => {
    if (isServerConfigError(e) && e.field === 'since')
      return handler.catchUp({ client, since: env.SINCE!, concurrency: 8 });
    throw e;
  });
  process.send!({ done: summary }, () => process.exit(0));
}
