/**
 * A running sandbox's webhook deliveries, from outside its process: list the attempts of the token's events, and send
 * an event again (the MCP server's tools use these). In the same process, `sandbox.deliveries()` has them all.
 */
import { API_OPERATIONS, fillPath } from '../../protocol/index.js';
import type { Delivery } from '../webhooks/sender.js';
import { signedCall, type SandboxTarget } from './target.js';

export interface DeliveryFilter {
  /** Only this event's attempts. @example 'evt_3f9c…' */
  eventId?: string;
  /** Only this event type's attempts. @example 'crawl.completed' */
  type?: string;
  /** The last n attempts, 1–1000. @default 100 */
  limit?: number;
}

/**
 * The attempts to deliver the token's events, oldest first (receiver URLs shown without credentials or query values).
 * @example const attempts = await listDeliveries(sandbox, { type: 'crawl.completed' });
 */
export async function listDeliveries(sandbox: SandboxTarget, filter: DeliveryFilter = {}): Promise<Delivery[]> {
  const query = new URLSearchParams();
  if (filter.eventId !== undefined) query.set('event_id', filter.eventId);
  if (filter.type !== undefined) query.set('type', filter.type);
  if (filter.limit !== undefined) query.set('limit', String(filter.limit));
  const q = query.toString();
  const path = `${API_OPERATIONS.listSandboxDeliveries.path}${q ? `?${q}` : ''}`;
  return ((await signedCall('listDeliveries', sandbox, { method: 'GET', path })) as { deliveries: Delivery[] })
    .deliveries;
}

/**
 * Sends one of the token's events again, as it was, to the receivers the token has now: `queued` is how many.
 * @example await resendDelivery(sandbox, 'evt_3f9c…');
 */
export async function resendDelivery(
  sandbox: SandboxTarget,
  eventId: string,
): Promise<{ event_id: string; queued: number }> {
  const path = fillPath(API_OPERATIONS.resendDelivery.path, { event_id: eventId });
  return (await signedCall('resendDelivery', sandbox, { method: 'POST', path, body: {} })) as {
    event_id: string;
    queued: number;
  };
}
