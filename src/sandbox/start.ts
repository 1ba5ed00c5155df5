/** `startSandbox()`: wires state, webhook sender and router onto one node:http server. */
export { DEFAULT_TOKENS } from './options.js';
export type { SandboxOptions, SandboxWebhookOption } from './options.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  CRAWLER_CREDENTIALS_TIMEOUT_MS,
  DEFAULT_WARNING_LEADS_DAYS,
  JOURNEY_INACTIVITY_MS,
} from '../protocol/index.js';
import { signWebhook } from '../server/testing.js';
import type { SandboxContext } from './core/context.js';
import { SandboxClocks } from './core/clock.js';
import { createRandom } from './data/random.js';
import { createListener } from './router.js';
import { displayUrl, redactUrls } from './core/redact.js';
import { SandboxState } from './core/state.js';
import {
  type RequestTrace,
  type SandboxTracing,
  createEvent,
  eventParent,
  resolveSandboxTracing,
} from './core/trace.js';
import { JourneySessions } from './journey/session.js';
import { JourneyRecorder } from './journey/recorder.js';
import { describeParentOrigins } from './journey/parent-origins.js';
import { resolveOptions, type Resolved, type SandboxOptions } from './options.js';
import {
  WebhookSender,
  type Delivery,
  type RegisteredReceiver,
  type WebhookPayload,
  type WebhookSigner,
} from './webhooks/sender.js';

export interface Sandbox {
  /** Origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Every webhook delivery attempt so far. */
  deliveries(): Delivery[];
  /** Resolves when no webhook is waiting or being retried. */
  webhooksIdle(): Promise<void>;
  /**
   * Resolves when no delivery attempt is under way: every event is delivered, given up, or waiting for its next retry's
   * time. After a clock advance: its due retries have been tried.
   */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

/** The node:http server behind each sandbox, for the testing kit (src/sandbox/testing/) only: not exported. */
export const SERVERS = new WeakMap<Sandbox, Server>();

/**
 * One line per delivery attempt: `webhook <type> <event_id> → <url>: <status>`, redacted as on the index; it says when
 * the sender gave up on an event and carries the receiver's hint.
 */
function deliveryLogger(log: (line: string) => void) {
  return (d: Delivery) => {
    const outcome = d.status === null ? `failed (${redactUrls(d.error ?? 'error')})` : String(d.status);
    const notes = [
      d.attempt > 1 ? `attempt ${d.attempt}` : '',
      d.duplicate ? 'duplicate copy' : '',
      d.gave_up ? `gave up after ${d.attempt} attempt${d.attempt === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    const note = notes.length ? ` (${notes.join(', ')})` : '';
    const hint = d.hint ? ` — hint: ${d.hint}` : '';
    log(`webhook ${d.type} ${d.event_id} → ${displayUrl(d.url)}: ${outcome}${note}${hint}`);
  };
}

/**
 * One line per event a receiver's filter kept from it: `webhook <type> <event_id> not sent to <id> <url>: …`, so a
 * registration that leaves out a type its handler handles is seen the first time such an event happens.
 */
function filterLogger(log: (line: string) => void) {
  return (e: WebhookPayload, r: RegisteredReceiver) =>
    log(
      `webhook ${e.type} ${e.event_id} not sent to ${r.id} ${displayUrl(r.url)}: its events filter excludes ` +
        `${e.type} (registered for ${r.events?.join(', ')}); register it with this type, or with ` +
        "{ url, handler } to take the handler's own list",
    );
}

function createSender(
  { options, seed, now, duplicateRate, receivers }: Resolved,
  clocks: SandboxClocks,
  tracing: SandboxTracing | undefined,
): WebhookSender {
  // Deliveries are signed by src/server's signWebhook, at the injectable `now` (no token's advance moves it).
  const sign: WebhookSigner = async ({ body, receiver, path, eventId }) =>
    (
      await signWebhook({
        payload: body,
        scheme: receiver.scheme ?? 'hmac',
        tokenId: receiver.tokenId,
        secret: receiver.secret,
        path,
        id: eventId,
        timestamp: now(),
      })
    ).headers;
  return new WebhookSender({
    receivers,
    duplicateRate,
    random: createRandom(seed, 'webhook-duplicates'),
    sign,
    now,
    at: (tokenId, due, fn) => clocks.of(tokenId).at(due, fn),
    clockOf: (tokenId) => clocks.of(tokenId).now(),
    jitter: createRandom(seed, 'webhook-jitter'),
    tracing,
    ...(options.log ? { onAttempt: deliveryLogger(options.log), onFiltered: filterLogger(options.log) } : {}),
    ...(options.webhookRetry ? { retry: options.webhookRetry } : {}),
  });
}

/** The sandbox's parts the context is made of, each made once by startSandbox. */
interface ContextParts {
  sender: WebhookSender;
  clocks: SandboxClocks;
  /** The sandbox's origin, known once it listens. */
  origin: () => string;
  tracing: SandboxTracing | undefined;
}

function createContext(r: Resolved, { sender, clocks, origin, tracing }: ContextParts): SandboxContext {
  const { options, seed, tokens, now, parentOriginAllowed, demoUrl, allowedHosts } = r;
  // An event's parent is passed in: the request's whose context this is, else (undefined) the application's.
  const emitIn =
    (request: RequestTrace | undefined): SandboxContext['emit'] =>
    (app, type, data) => {
      const payload: WebhookPayload = {
        event_id: `evt_${randomUUID()}`,
        type,
        created_at: clocks.of(app.owner).now().toISOString(),
        vendor: app.vendor,
        ref: app.ref,
        ...(app.id !== undefined ? { application_id: app.id } : {}),
        data,
      };
      sender.enqueue(payload, app.owner, createEvent(tracing, eventParent(app, request), type));
    };
  const leads = new Map(tokens.map((t) => [t.tokenId, t.warningLeadsDays ?? DEFAULT_WARNING_LEADS_DAYS]));
  const ctx: SandboxContext = {
    state: new SandboxState(),
    seed,
    crawlDelayMs: options.crawlDelayMs ?? 1500,
    crawlerTimeoutMs: options.crawlerTimeoutMs ?? CRAWLER_CREDENTIALS_TIMEOUT_MS,
    tokens,
    now,
    clock: (tokenId) => clocks.of(tokenId),
    warningLeadsDays: (tokenId) => leads.get(tokenId) ?? DEFAULT_WARNING_LEADS_DAYS,
    sessions: new JourneySessions(now),
    recorder: new JourneyRecorder({
      clock: (tokenId) => clocks.of(tokenId),
      defaultOwner: tokens[0]!.tokenId,
      inactivityMs: options.journeyInactivityMs ?? JOURNEY_INACTIVITY_MS,
      // Outside any request: the event is created in the session's own trace (the page's traceparent).
      ended: ({ owner, trace, view }) =>
        ctx.emit(
          { id: view.application_id ?? undefined, vendor: view.vendor, ref: view.ref, owner, trace },
          'journey.session',
          view,
        ),
    }),
    parentOriginAllowed,
    parentOrigins: describeParentOrigins(options.parentOrigins),
    allowedHosts,
    journeyProtocol: options.journeyProtocol ?? 'bridge',
    ...(demoUrl ? { demoUrl } : {}),
    origin,
    tracing,
    emit: emitIn(undefined),
    forRequest: (request) => ({ ...ctx, request, emit: emitIn(request) }),
  };
  return ctx;
}

/** Listens and answers the origin the sandbox is reached at (a wildcard address is shown as its loopback). */
async function listen(server: Server, port: number, host: string): Promise<{ origin: string; port: number }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${shown === '0.0.0.0' ? '127.0.0.1' : shown === '[::]' ? '[::1]' : shown}:${address.port}`;
  return { origin, port: address.port };
}

/**
 * Starts the sandbox.
 * @example
 * const sandbox = await startSandbox({ crawlDelayMs: 0 });
 * // … point the backend helper at sandbox.url …
 * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const resolved = resolveOptions(options);
  const clocks = new SandboxClocks(resolved.now);
  const tracing = resolveSandboxTracing(options.telemetry);
  const sender = createSender(resolved, clocks, tracing);
  let origin = '';
  const ctx = createContext(resolved, { sender, clocks, origin: () => origin, tracing });
  const server = createServer(createListener(ctx, sender, options.log));
  const bound = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  origin = bound.origin;

  let closing: Promise<void> | undefined;
  const sandbox: Sandbox = {
    url: origin,
    port: bound.port,
    deliveries: () => sender.deliveries(),
    webhooksIdle: () => sender.idle(),
    webhooksSettled: () => sender.settled(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        clocks.close();
        sender.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
  SERVERS.set(sandbox, server);
  return sandbox;
}
