// The outage of the "no event lost" proof (docs/production.md, "After an outage"): a receiver answering 503 while a
// token's applications make their events and the sandbox's clock moves 48 h through the retry schedule (each
// application's first event tried 8 times and given up, its next ones started) before `handler.catchUp` runs.
// Used by test/server/catch-up.test.ts at a light size
// and by the bench (bench/sections/catch-up.mjs) at the full one: `apps` is the size (11 events each: the crawler
// pathway's seed, three lifecycle updates, numbers, balances, crawl completed and the opt-in journey.session, then
// finalise's documents, report and completed).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { type HostedJourneyClient, toNodeHandler, type WebhookHandler } from '../../src/server/index.js';

export interface DownReceiver {
  /** 503 to every delivery while true; else the handler answers. */
  state: { down: boolean };
  url: string;
  /** Deliveries answered 503. */
  refused: () => number;
  close(): Promise<void>;
}

/** A receiver that answers 503 while `state.down`, else hands the delivery to the handler. */
export async function downReceiver(handler: WebhookHandler | undefined): Promise<DownReceiver> {
  const state = { down: true };
  let refused = 0;
  const node = handler && toNodeHandler(handler);
  const server: Server = createServer((req, res) => {
    if (!state.down && node) return node(req, res);
    refused++;
    req.resume();
    req.on('end', () => res.writeHead(503).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    refused: () => refused,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface OutageOptions {
  sandboxUrl: string;
  token: { id: string; secret: string };
  /** The token's client: it starts each application, so the application (and its events) is the token's. */
  client: Pick<HostedJourneyClient, 'startApplication' | 'finalise'>;
  /** Applications taken through the crawler journey and finalised (11 events each). */
  apps: number;
  /** Distinguishes this outage's application refs. */
  prefix: string;
  /** Journeys run at once. Default 8. */
  concurrency?: number;
  /** The sandbox's `webhooksSettled`: the clock moves on once what it made due has been tried. */
  settled: () => Promise<void>;
}

/**
 * The clock's steps through 48 h: each the schedule's next wait plus its jitter (+10 %), so it lands past the next
 * attempt of the events tried first: every application's first event is tried 8 times and given up (at about 30 h),
 * and its next events start their own schedule.
 */
const STEPS_MS = [6_000, 330_000, 1_980_000, 7_920_000, 19_800_000, 39_600_000, 39_600_000, 39_600_000, 23_964_000];
export const OUTAGE_MS = STEPS_MS.reduce((a, b) => a + b, 0); // 48 h

/**
 * Runs the journeys (their events' first attempts refused), then moves the token's clock 48 h in steps, letting each
 * step's retries be refused; answers the time just before the first event.
 */
export async function makeOutage(o: OutageOptions): Promise<{ since: string }> {
  const target = { url: o.sandboxUrl, token: o.token };
  const since = (await advanceClock(target, 0)).now;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < o.apps; i = next++) {
      const ref = `${o.prefix}_${i}`;
      await o.client.startApplication({ vendor: 'acme', ref, full_name: 'A B', email: 'a@example.com' });
      await triggerJourney(o.sandboxUrl, { vendor: 'acme', ref, pathway: 'crawler' });
      await o.client.finalise({ vendor: 'acme', ref });
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency ?? 8, o.apps) }, worker));
  for (const ms of STEPS_MS) {
    await o.settled();
    await advanceClock(target, ms);
  }
  await o.settled();
  return { since };
}
