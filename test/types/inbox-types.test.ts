// Type tests of ctx.db: present, typed as the inbox's connection, only when the store is an InboxStore.
// Checked by `tsc --noEmit` over the repository; vitest only runs the file. Bodies are never called.
import type { PoolClient } from 'pg';
import pg from 'pg';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type InboxStore,
  MemoryDedupeStore,
  type PgClientLike,
  PostgresInbox,
  RedisDedupeStore,
} from '../../src/server/stores/index.js';
import { type KnownOrGenericWebhookEvent, type WebhookContext, createWebhookHandler } from '../../src/server/index.js';

const keys = [{ tokenId: 'wh', secret: 's' }];

describe('ctx.db', () => {
  it('a PostgresInbox gives every handler ctx.db: PgClientLike by default, or the client type it is given', () => {
    const types = () => {
      const pool = new pg.Pool();
      createWebhookHandler({
        verify: { keys },
        store: new PostgresInbox({ pool }),
        on: {
          'consent.authorised': async (e, ctx) => {
            expectTypeOf(ctx.db).toEqualTypeOf<PgClientLike>();
            expectTypeOf(e.data.consent_id).toEqualTypeOf<string>();
            await ctx.db.query('INSERT INTO consents (id) VALUES ($1)', [e.data.consent_id]);
          },
          '*': (_e, ctx) => expectTypeOf(ctx).toEqualTypeOf<WebhookContext<KnownOrGenericWebhookEvent, PgClientLike>>(),
        },
      });
      createWebhookHandler({
        verify: { keys },
        store: new PostgresInbox<PoolClient>({ pool }),
        on: {
          '*': async (_e, { db, signal }) => {
            expectTypeOf(db).toEqualTypeOf<PoolClient>();
            expectTypeOf(signal).toEqualTypeOf<AbortSignal>();
            const r = await db.query<{ n: number }>('SELECT 1 AS n');
            expectTypeOf(r.rows[0]!.n).toEqualTypeOf<number>();
          },
        },
      });
      // Any InboxStore: the context's db is its connection type.
      const custom = {} as InboxStore<{ exec(sql: string): void }>;
      createWebhookHandler({ verify: { keys }, store: custom, on: { '*': (_e, { db }) => db.exec('') } });
    };
    expectTypeOf(types).toBeFunction();
  });

  it('with a DedupeStore, or no store, there is no ctx.db', () => {
    const types = () => {
      for (const store of [undefined, new MemoryDedupeStore(), new RedisDedupeStore({ url: 'redis://x' })]) {
        createWebhookHandler({
          verify: { keys },
          store,
          on: {
            '*': (_e, ctx) => {
              expectTypeOf(ctx).toEqualTypeOf<WebhookContext>();
              // @ts-expect-error no transaction without an InboxStore
              void ctx.db;
            },
          },
        });
      }
    };
    expectTypeOf(types).toBeFunction();
  });
});
