/** `startSandbox()`: wires state, webhook sender and router onto one node:http server. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { CRAWLER_CREDENTIALS_TIMEOUT_MS } from '../protocol/index.js';
import { signWebhook } from '../server/index.js';
import type { SandboxContext, SandboxToken } from './core/context.js';
import { createRandom } from './data/random.js';
import { createListener } from './router.js';
import { displayUrl, redactUrls } from './core/redact.js';
import { SandboxState } from './core/state.js';
import { JourneySessions } from './journey/session.js';
import { compileParentOrigins, describeParentOrigins, type ParentOriginRegistry } from './journey/parent-origins.js';
import {
  WebhookSender,
  type Delivery,
  type RetryPolicy,
  type WebhookPayload,
  type WebhookSigner,
} from './webhooks/sender.js';

export interface SandboxWebhookOption {
  /** Receiver URL. @example 'http://127.0.0.1:3000/webhooks' */
  url: string;
  /** Token whose secret signs deliveries; default the first token. @example 'sandbox_token' */
  tokenId?: string;
  /**
   * Secret to sign with; default the secret of `tokenId` in `tokens`. Required (`whsec_…`) for `'standard'`.
   * @example 'sandbox_secret'
   */
  secret?: string;
  /** `'hmac'` (default, the API's signing scheme over the receiver's path) or `'standard'` (Standard Webhooks). */
  scheme?: 'hmac' | 'standard';
}

export interface SandboxOptions {
  /** Port; 0 (default) picks a free one. @example 4010 */
  port?: number;
  /** Interface to listen on. @example '127.0.0.1' */
  host?: string;
  /** API credentials accepted. @example [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] */
  tokens?: SandboxToken[];
  /**
   * Webhook receivers from the start (more via `POST /api/v1/webhooks`).
   * @example [{ url: 'http://127.0.0.1:3000/webhooks' }]
   */
  webhooks?: SandboxWebhookOption[];
  /** Probability that an event is delivered twice. @example 0.2 */
  duplicateRate?: number;
  /** Seed of every generated figure (bank data, credit history, duplicates). @example 'sandbox' */
  seed?: string;
  /** How long the simulated crawl takes; 0 in tests. @example 1500 */
  crawlDelayMs?: number;
  /**
   * How long a crawler seed waits for the customer's credentials or one-time code before `crawler.lifecycle_updated`
   * TIMEDOUT. Default 10 minutes, as the service documents; short in tests. @example 200
   */
  crawlerTimeoutMs?: number;
  /** Webhook retry policy. @example { attempts: 3, baseDelayMs: 20 } */
  webhookRetry?: RetryPolicy;
  /** Injectable clock (signature freshness, timestamps, data dates). @example () => new Date('2026-11-22T00:00:00Z') */
  now?: () => Date;
  /**
   * Parent origins allowed to frame each vendor's journey (and to be a consent's `return_to`): vendor → exact origins
   * and/or `'loopback'`; the key `'*'` covers vendors without an entry. Default: every vendor, loopback origins only
   * (http/https on localhost, 127.0.0.0/8, [::1], any port).
   * @example { acme: ['https://app.acme.example', 'loopback'] }
   */
  parentOrigins?: ParentOriginRegistry;
  /**
   * An http(s) URL the index page (`GET /`) links to as "Demo": the demo app or your own integrator app.
   * `npm run demo` sets it to the demo's URL.
   * @example 'http://localhost:4000'
   */
  demoUrl?: string;
  /**
   * Receives one line per webhook delivery attempt (event, receiver, HTTP status or error) and per request the API
   * refused with 401 (method, path, reason code). No secret, header value or body is in a line. The CLI prints them.
   * @example { log: (line) => console.log(line) }
   */
  log?: (line: string) => void;
}

export interface Sandbox {
  /** Origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Every webhook delivery attempt so far. */
  deliveries(): Delivery[];
  /** Resolves when no webhook is waiting or being retried. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/** The node:http server behind each sandbox, for the testing kit (src/sandbox/testing/) only: not exported. */
export const SERVERS = new WeakMap<Sandbox, Server>();

export const DEFAULT_TOKENS: SandboxToken[] = [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }];

function checkDemoUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`demoUrl must be an absolute http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RangeError(`demoUrl must be an http(s) URL, got '${value}'`);
  if (url.username || url.password)
    throw new RangeError('demoUrl must not contain credentials: the index page shows it');
  return url.toString();
}

/** One line per delivery attempt: `webhook <type> <event_id> → <url>: <status>`, redacted as on the index. */
function deliveryLogger(log: (line: string) => void) {
  return (d: Delivery) => {
    const outcome = d.status === null ? `failed (${redactUrls(d.error ?? 'error')})` : String(d.status);
    const notes = [d.attempt > 1 ? `attempt ${d.attempt}` : '', d.duplicate ? 'duplicate copy' : ''].filter(Boolean);
    const note = notes.length ? ` (${notes.join(', ')})` : '';
    log(`webhook ${d.type} ${d.event_id} → ${displayUrl(d.url)}: ${outcome}${note}`);
  };
}

/** The options, checked once, with their defaults. */
function resolveOptions(options: SandboxOptions) {
  const tokens = options.tokens?.length ? options.tokens : DEFAULT_TOKENS;
  const seed = options.seed ?? 'sandbox';
  const now = options.now ?? (() => new Date());
  const duplicateRate = options.duplicateRate ?? 0.2;
  const parentOriginAllowed = compileParentOrigins(options.parentOrigins);
  const demoUrl = options.demoUrl === undefined ? undefined : checkDemoUrl(options.demoUrl);
  if (!(duplicateRate >= 0 && duplicateRate <= 1)) throw new RangeError('duplicateRate must be between 0 and 1');
  const crawlerTimeout = options.crawlerTimeoutMs;
  if (
    crawlerTimeout !== undefined &&
    !(Number.isFinite(crawlerTimeout) && crawlerTimeout >= 0 && crawlerTimeout < 2 ** 31)
  )
    throw new RangeError('crawlerTimeoutMs must be a number of milliseconds from 0 to 2147483647');
  const receivers = (options.webhooks ?? []).map((w) => {
    const tokenId = w.tokenId ?? tokens[0]!.tokenId;
    const secret = w.secret ?? tokens.find((t) => t.tokenId === tokenId)?.secret;
    if (secret === undefined) throw new RangeError(`webhook ${w.url}: no secret for token '${tokenId}'`);
    if (w.scheme === 'standard' && !secret.startsWith('whsec_'))
      throw new RangeError(`webhook ${w.url}: the standard scheme needs a 'whsec_…' secret`);
    return { url: new URL(w.url).toString(), tokenId, secret, ...(w.scheme ? { scheme: w.scheme } : {}) };
  });
  return { options, tokens, seed, now, duplicateRate, parentOriginAllowed, demoUrl, receivers };
}

type Resolved = ReturnType<typeof resolveOptions>;

function createSender({ options, seed, now, duplicateRate, receivers }: Resolved): WebhookSender {
  // Deliveries are signed by src/server's signWebhook, at the sandbox clock's time.
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
    ...(options.log ? { onAttempt: deliveryLogger(options.log) } : {}),
    ...(options.webhookRetry ? { retry: options.webhookRetry } : {}),
  });
}

/** Timers the sandbox schedules (crawls, timeouts), all cleared by `close()`. */
function createTimers() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    later(ms: number, fn: () => void): () => void {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return () => {
        clearTimeout(t);
        timers.delete(t);
      };
    },
    clear: () => {
      for (const t of timers) clearTimeout(t);
    },
  };
}

function createContext(
  r: Resolved,
  sender: WebhookSender,
  later: SandboxContext['later'],
  origin: () => string,
): SandboxContext {
  const { options, seed, tokens, now, parentOriginAllowed, demoUrl } = r;
  return {
    state: new SandboxState(),
    seed,
    crawlDelayMs: options.crawlDelayMs ?? 1500,
    crawlerTimeoutMs: options.crawlerTimeoutMs ?? CRAWLER_CREDENTIALS_TIMEOUT_MS,
    tokens,
    now,
    sessions: new JourneySessions(now),
    parentOriginAllowed,
    parentOrigins: describeParentOrigins(options.parentOrigins),
    ...(demoUrl ? { demoUrl } : {}),
    origin,
    emit(app, type, data) {
      const payload: WebhookPayload = {
        event_id: `evt_${randomUUID()}`,
        type,
        created_at: now().toISOString(),
        vendor: app.vendor,
        ref: app.ref,
        application_id: app.id,
        data,
      };
      sender.enqueue(payload, app.owner);
    },
    later,
  };
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
  const sender = createSender(resolved);
  const timers = createTimers();
  let origin = '';
  const ctx = createContext(resolved, sender, timers.later, () => origin);
  const server = createServer(createListener(ctx, sender, options.log));
  const bound = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  origin = bound.origin;

  let closing: Promise<void> | undefined;
  const sandbox: Sandbox = {
    url: origin,
    port: bound.port,
    deliveries: () => sender.deliveries(),
    webhooksIdle: () => sender.idle(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        timers.clear();
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
