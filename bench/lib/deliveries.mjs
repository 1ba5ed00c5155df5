// Signed webhook deliveries for the load sections: unique events plus copies of earlier ones (at-least-once senders
// resend). Deterministic: a seeded generator places the copies.
import { WEBHOOK } from '../servers/webhook-target.mjs';

/** Mulberry32: small, seeded, good enough to place duplicates. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function eventPayload(eventId, i) {
  return {
    event_id: eventId,
    type: 'crawl.completed',
    created_at: new Date().toISOString(),
    vendor: 'acme',
    ref: `cust_${i}`,
    application_id: `app_${i}`,
    data: { accounts: 3, transactions: 412 },
  };
}

/** One signed delivery: `{ eventId, body, headers }` (headers include content-type). */
export async function signDelivery(eventId, i) {
  const { signRequest } = await import('../../src/server/index.ts');
  const body = JSON.stringify(eventPayload(eventId, i));
  const headers = await signRequest({
    method: 'POST',
    path: WEBHOOK.path,
    body,
    tokenId: WEBHOOK.tokenId,
    secret: WEBHOOK.secret,
  });
  return { eventId, body, headers };
}

/**
 * `total` deliveries of which `duplicateShare` are copies of an earlier event, each copy placed at a random later
 * position (some land right behind the original, i.e. while it is still in flight). Event ids carry `prefix`.
 */
export async function deliveryPlan({ total, duplicateShare = 0.2, prefix, seed = 1 }) {
  const rand = seeded(seed);
  const uniques = Math.round(total * (1 - duplicateShare));
  const items = [];
  for (let i = 0; i < uniques; i++) items.push({ key: i, d: await signDelivery(`${prefix}_${i}`, i) });
  for (let j = 0; j < total - uniques; j++) {
    const of = Math.floor(rand() * uniques);
    items.push({ key: of + 0.5 + rand() * (uniques - of), d: items[of].d, duplicate: true });
  }
  items.sort((a, b) => a.key - b.key);
  return {
    uniques,
    deliveries: items.map((x) => x.d),
    eventIds: items.filter((x) => !x.duplicate).map((x) => x.d.eventId),
  };
}
