/**
 * `handler.catchUp({ client, since? })`: the events list (`client.listEvents`) through the same exactly-once path as a
 * delivery — the same function of `on`, the same store, the same key (`event_id`) — so an event that arrives both by
 * webhook and by catch-up runs once, whichever comes first.
 * 1. Pages are read one ahead (memory holds two pages: the one running, the next being read). In a page, each
 *    application's events run in the order they were made, at most `concurrency` applications at once.
 * 2. An event another delivery holds right now (409 in_flight) is asked again until that delivery ends: done, it was
 *    handled; released (its function failed), this run claims it.
 * 3. After each page the checkpoint (in the handler's store, under `checkpoint`) moves to the page's last event's
 *    time, unless an event failed in this run: then it stays at the first failed event's time, so the next call
 *    without `since` starts there. Everything from the checkpoint on is read again after a crash; what is done is
 *    counted `alreadyDone`, never run twice.
 */
import type { ListEventsRequest, Event, HostedJourneyClient } from '../client/types.js';
import { ServerConfigError } from '../errors.js';
import type { CheckpointStore } from '../stores/types.js';
import type { Report, WebhookOutcome, WebhookResult } from './delivery.js';

export interface CatchUpOptions {
  /** The client whose token's events are listed (a receiver of that token's deliveries). */
  client: Pick<HostedJourneyClient, 'listEvents' | 'toJSON'>;
  /**
   * Events created at or after this time (ISO 8601, within the service's 30 days). Absent: where the last call stopped
   * (the checkpoint in the handler's store); the first call needs it. @example since: '2026-12-01T00:00:00Z'
   */
  since?: string;
  /** Events created earlier than this time. @example until: new Date().toISOString() */
  until?: string;
  /** Only these types (default: every type, the ones `on` has no function for acknowledged as `ignored`). */
  types?: ListEventsRequest['types'];
  /** Applications handled at once; each application's events in order. Default 8. @example concurrency: 16 */
  concurrency?: number;
  /** The checkpoint's name, for several catch-ups over one store. Default `'events'`. @example checkpoint: 'eu' */
  checkpoint?: string;
  /** Called for each event that failed (its function threw, the store was down, it was invalid). */
  onError?: (error: unknown, event: Event) => void;
  /** Stops after the events in progress; the checkpoint stays where the finished pages put it. */
  signal?: AbortSignal;
}

export interface CatchUpSummary {
  /** Events listed. */
  seen: number;
  /** Events whose function ran now (or that no function takes: acknowledged, `ignored`). */
  processed: number;
  /** Events already handled (by a delivery, or an earlier catch-up). */
  alreadyDone: number;
  failed: number;
  /** Where the next call without `since` starts (ISO 8601); undefined when the store keeps no checkpoint. */
  checkpoint: string | undefined;
}

/** What the handler gives catch-up: its one processing path, its store's checkpoints and its reporter. */
export interface CatchUpParts {
  /**
   * The same path as a delivery: the event's function, run by the strategy under its event id (in a `process` span
   * when telemetry records).
   */
  prepare(event: unknown, tokenId: string): { id: string; deliver: () => Promise<WebhookResult> } | { invalid: string };
  checkpoints: CheckpointStore | undefined;
  report: Report;
}

const IN_FLIGHT_WAIT_MS = [50, 100, 200, 500, 1000];
/** How long an event another delivery holds is waited for (a lease outlives a crashed holder by at most 60 s). */
const IN_FLIGHT_LIMIT_MS = 120_000;

type Result = 'processed' | 'alreadyDone' | 'failed';

export async function catchUp(parts: CatchUpParts, options: CatchUpOptions): Promise<CatchUpSummary> {
  const { client, concurrency = 8, checkpoint: name = 'events', signal } = options;
  if (!client || typeof client.listEvents !== 'function')
    throw new ServerConfigError('client', 'catchUp needs { client }: the client of the token whose events to list');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
    throw new ServerConfigError('concurrency', 'concurrency must be a whole number from 1 to 256');
  const saved = options.since === undefined ? await parts.checkpoints?.readCheckpoint(name) : undefined;
  const since = options.since ?? saved;
  if (since === undefined)
    throw new ServerConfigError(
      'since',
      parts.checkpoints
        ? `catchUp has no checkpoint '${name}' yet: give since (an ISO time) the first time`
        : "the handler's store keeps no checkpoint: give since on every call",
    );
  const tokenId = client.toJSON().tokenId;
  const summary: CatchUpSummary = { seen: 0, processed: 0, alreadyDone: 0, failed: 0, checkpoint: since };
  let firstFailed: string | undefined;
  const list = client.listEvents({
    since,
    ...(options.until === undefined ? {} : { until: options.until }),
    ...(options.types === undefined ? {} : { types: options.types }),
    limit: 500,
    ...(signal ? { signal } : {}),
  });
  // The next page is read while this one's events run (two pages in memory at most, never more).
  const pages = list.pages()[Symbol.asyncIterator]();
  for (let next = pages.next(); ; ) {
    const read = await next;
    if (read.done) break;
    const page = read.value;
    next = signal?.aborted ? Promise.resolve({ done: true, value: undefined }) : pages.next();
    next.catch(() => {}); // awaited on the next turn: a failure then is this call's
    summary.seen += page.data.length;
    const results = await inGroups(page.data, concurrency, (event) => handleOne(parts, event, tokenId, options));
    page.data.forEach((event, i) => {
      summary[results[i]!]++;
      if (results[i] === 'failed' && (firstFailed === undefined || event.created_at < firstFailed))
        firstFailed = event.created_at;
    });
    const last = page.data.at(-1)?.created_at;
    const mark = firstFailed ?? last;
    if (mark !== undefined && mark !== summary.checkpoint && parts.checkpoints) {
      await parts.checkpoints.writeCheckpoint(name, mark);
      summary.checkpoint = mark;
    }
    if (signal?.aborted) break;
  }
  if (!parts.checkpoints) summary.checkpoint = undefined;
  return summary;
}

/** One event through the delivery path; 409 in_flight asked again until the other delivery ends. */
async function handleOne(parts: CatchUpParts, event: Event, tokenId: string, o: CatchUpOptions): Promise<Result> {
  const target = parts.prepare(event, tokenId);
  if ('invalid' in target) return failed(parts, o, new Error(`invalid event: ${target.invalid}`), event);
  const started = Date.now();
  for (let i = 0; ; i++) {
    const answer = await target.deliver();
    const outcome: WebhookOutcome = answer.outcome;
    if (outcome === 'processed' || outcome === 'ignored') return 'processed';
    if (outcome === 'duplicate') return 'alreadyDone';
    if (outcome !== 'in_flight' || Date.now() - started > IN_FLIGHT_LIMIT_MS)
      return failed(parts, o, new Error(`${target.id}: ${answer.body}`), event);
    await new Promise((r) => setTimeout(r, IN_FLIGHT_WAIT_MS[Math.min(i, IN_FLIGHT_WAIT_MS.length - 1)]));
  }
}

function failed(parts: CatchUpParts, o: CatchUpOptions, error: unknown, event: Event): Result {
  try {
    o.onError?.(error, event);
  } catch (e) {
    parts.report(e, { stage: 'handler', eventId: event.event_id });
  }
  return 'failed';
}

/**
 * Runs `fn` over the items, those of one application (vendor/ref) in order, at most `limit` applications at once;
 * answers the results in the items' order.
 */
async function inGroups<R>(items: readonly Event[], limit: number, fn: (e: Event) => Promise<R>): Promise<R[]> {
  const groups = new Map<string, number[]>();
  items.forEach((e, i) => {
    const key = e.application_id ?? `${e.vendor}/${e.ref}`;
    groups.get(key)?.push(i) ?? groups.set(key, [i]);
  });
  const results: R[] = new Array(items.length);
  const queue = [...groups.values()];
  const worker = async () => {
    for (let g = queue.shift(); g; g = queue.shift()) for (const i of g) results[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
  return results;
}
