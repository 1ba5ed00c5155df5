// The receiving process of the kill test (test/support/kill-loop.ts): node:http + toNodeHandler + createWebhookHandler
// around a store and an effect that a *receiver factory* module supplies (default export, a KillReceiverFactory), so a
// variant — RedisDedupeStore with an effect outside any transaction, an inbox whose effect goes through `ctx.db` — is
// a few lines. At each point of a delivery it tells the controller over IPC where it is and waits for a go: the
// controller answers with SIGKILL instead when it chose that point for that event, so each kill lands exactly there.
//   before_effect  — the handler runs; nothing written yet
//   after_effect   — the handler wrote its effect and is about to return (before complete() / commit)
//   after_complete — handle() resolved: the event is marked done (committed), the HTTP answer not yet sent
// IPC out: { ready: port } once listening; { at, id, seq } at each point. IPC in: { go: seq }.
// Env: KILL_LEASE_MS (the handler's leaseMs), plus whatever the factory reads.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type KnownOrGenericWebhookEvent,
  type WebhookContext,
  type WebhookEvent,
  type WebhookHandler,
  type WebhookHandlerOptions,
  createWebhookHandler,
  toNodeHandler,
} from '../../src/server/index.js';

export type KillPoint = 'before_effect' | 'after_effect' | 'after_complete';
export const KILL_POINTS: readonly KillPoint[] = ['before_effect', 'after_effect', 'after_complete'];
export const KILL_KEYS = [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }];

/** `Db`: the connection type of an InboxStore (PostgresInbox: the effect writes through `ctx.db`); never otherwise. */
export interface KillReceiver<Db = never> {
  /** A DedupeStore or an InboxStore (connected by the receiver before it reports ready when it has `connect`). */
  store: NonNullable<WebhookHandlerOptions<Db>['store']> & { connect?(): Promise<void> };
  /** The event's effect: written somewhere that survives SIGKILL of this process, and countable by the controller. */
  effect(event: WebhookEvent, ctx: WebhookContext<KnownOrGenericWebhookEvent, Db>): Promise<void>;
}
/** A receiver factory: the default export of the module given to runKillLoop({ receiver }). */
export type KillReceiverFactory<Db = never> = (env: NodeJS.ProcessEnv) => Promise<KillReceiver<Db>>;

export async function runKillReceiver<Db = never>(factory: KillReceiverFactory<Db>): Promise<void> {
  const send = (m: object) => process.send!(m);
  let seq = 0;
  const waiting = new Map<number, () => void>();
  process.on('message', (m: { go?: number }) => {
    if (typeof m?.go !== 'number') return;
    waiting.get(m.go)?.();
    waiting.delete(m.go);
  });
  const checkpoint = (at: KillPoint, id: string) =>
    new Promise<void>((resolve) => {
      const s = ++seq;
      waiting.set(s, resolve);
      send({ at, id, seq: s });
    });

  const { store, effect } = await factory(process.env);
  await store.connect?.();
  const handler = createWebhookHandler<Db>({
    verify: { keys: KILL_KEYS },
    store,
    leaseMs: Number(process.env.KILL_LEASE_MS ?? 500),
    retryAfterSec: 1,
    on: {
      '*': async (event, ctx) => {
        await checkpoint('before_effect', event.event_id);
        await effect(event, ctx);
        await checkpoint('after_effect', event.event_id);
      },
    },
  });
  const observed: WebhookHandler = {
    catchUp: (o) => handler.catchUp(o),
    async handle(d) {
      const r = await handler.handle(d);
      if (r.outcome === 'processed') await checkpoint('after_complete', r.eventId!);
      return r;
    },
  };
  const server = createServer(toNodeHandler(observed));
  server.listen(0, '127.0.0.1', () => send({ ready: (server.address() as AddressInfo).port }));
}
