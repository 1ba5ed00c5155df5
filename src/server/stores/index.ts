/**
 * `hosted-journey-server/stores`: where `createWebhookHandler` keeps what it has delivered — the dedupe stores (memory,
 * Redis) and the PostgreSQL inbox, with the contracts a store of your own implements. A store's connection failure is
 * the root's `StoreConnectionError`.
 */
export { MemoryDedupeStore } from './memory.js';
export type { MemoryDedupeStoreOptions } from './memory.js';
export { RedisDedupeStore } from './redis.js';
export type { RedisClusterLikeClient, RedisDedupeStoreOptions, RedisLikeClient } from './redis.js';
export { PostgresInbox } from './postgres.js';
export type { PostgresInboxOptions, PruneOptions, PgClientLike, PgPoolClientLike, PgPoolLike } from './postgres.js';
export type { DedupeStore, CheckpointStore, ClaimResult, InboxStore, InboxTransaction } from './types.js';
