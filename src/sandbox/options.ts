/** The options of `startSandbox`, checked once (`resolveOptions`) before anything listens. */
import { ID_PATTERN } from '../protocol/index.js';
import type { TelemetryOptions } from '../server/telemetry/index.js';
import type { SandboxToken } from './core/context.js';
import { SandboxOptionError } from './core/errors.js';
import { compileParentOrigins, type ParentOriginRegistry } from './journey/parent-origins.js';
import { isServedHost } from './core/hosts.js';
import type { RetryPolicy } from './webhooks/sender.js';

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
  /**
   * Host names (besides loopback names, IP addresses and `host`) whose `Host` header the pages, the journey API and
   * the index answer, e.g. a Docker service name. Others get `403 HOST_NOT_ALLOWED` (DNS rebinding).
   * @example ['sandbox']
   */
  allowedHosts?: string[];
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
  /**
   * How long a journey session waits for a customer action before it ends as `abandoned` (the `journey.session`
   * webhook), on the sandbox's clock. Default 10 minutes. @example 60_000
   */
  journeyInactivityMs?: number;
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
   * The journey pages' protocol: `'bridge'` (default; `hosted-journey/child`, every event) or `'plain'`, a journey
   * that runs no bridge and only posts `RELEASED` (the string, then `{ event: 'RELEASED' }`) to its parent origin when
   * the customer is done, as the service's own journey does. One page load can ask for either with
   * `?journey_protocol=plain|bridge`.
   * @example 'plain'
   */
  journeyProtocol?: 'bridge' | 'plain';
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
  /**
   * Where the sandbox's spans go (requests about an application, events created, delivery attempts; scope
   * `hosted-journey-sandbox`): default the global tracer provider of `@opentelemetry/api` when it is installed;
   * `false` records none (deliveries still send traceparent). @example { telemetry: { tracerProvider } }
   */
  telemetry?: Pick<TelemetryOptions, 'api' | 'tracerProvider'> | false;
}

export const DEFAULT_TOKENS: SandboxToken[] = [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }];

function checkDemoUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SandboxOptionError('demoUrl', `must be an absolute http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SandboxOptionError('demoUrl', `must be an http(s) URL, got '${value}'`);
  if (url.username || url.password)
    throw new SandboxOptionError('demoUrl', 'must not contain credentials: the index page shows it');
  return url.toString();
}

/** Longest timer Node keeps (2³¹ − 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** name → [min, max, integer]: every numeric option is finite and within its range. */
const NUMERIC: Array<[string, (o: SandboxOptions) => number | undefined, number, number, boolean]> = [
  ['port', (o) => o.port, 0, 65_535, true],
  ['duplicateRate', (o) => o.duplicateRate, 0, 1, false],
  ['crawlDelayMs', (o) => o.crawlDelayMs, 0, MAX_TIMER_MS, false],
  ['crawlerTimeoutMs', (o) => o.crawlerTimeoutMs, 0, MAX_TIMER_MS, false],
  ['journeyInactivityMs', (o) => o.journeyInactivityMs, 0, MAX_TIMER_MS, false],
  ['webhookRetry.attempts', (o) => o.webhookRetry?.attempts, 1, 100, true],
  ['webhookRetry.baseDelayMs', (o) => o.webhookRetry?.baseDelayMs, 0, MAX_TIMER_MS, false],
  ['webhookRetry.maxDelayMs', (o) => o.webhookRetry?.maxDelayMs, 0, MAX_TIMER_MS, false],
  ['webhookRetry.timeoutMs', (o) => o.webhookRetry?.timeoutMs, 1, MAX_TIMER_MS, false],
];

function checkNumbers(options: SandboxOptions): void {
  for (const [name, read, min, max, integer] of NUMERIC) {
    const value = read(options);
    if (value === undefined) continue;
    const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
    if (ok && (!integer || Number.isInteger(value))) continue;
    const what = `${integer ? 'an integer' : 'a number'}${name.endsWith('Ms') ? ' of milliseconds' : ''}`;
    throw new SandboxOptionError(name, `must be ${what} from ${min} to ${max}, got ${String(value)}`);
  }
}

function checkHosts(options: SandboxOptions): readonly string[] {
  const hosts = [...(options.allowedHosts ?? [])];
  for (const h of hosts)
    if (typeof h !== 'string' || !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(h))
      throw new SandboxOptionError('allowedHosts', `must be host names (letters, digits, dots, dashes), got '${h}'`);
  if (options.host && !isServedHost(options.host, [])) hosts.push(options.host);
  return hosts.map((h) => h.toLowerCase());
}

function checkTokens(tokens: readonly SandboxToken[]): void {
  for (const t of tokens) {
    if (t.vendor !== undefined && !(typeof t.vendor === 'string' && ID_PATTERN.test(t.vendor) && t.vendor.length <= 64))
      throw new SandboxOptionError(
        'tokens.vendor',
        `of '${t.tokenId}' must be a vendor label (letters, digits, - and _, at most 64),` +
          ` got ${JSON.stringify(t.vendor)}`,
      );
    const leads = t.warningLeadsDays;
    if (leads === undefined) continue;
    const ok =
      Array.isArray(leads) &&
      leads.length <= 16 &&
      leads.every((d) => Number.isInteger(d) && d >= 1 && d <= 365) &&
      new Set(leads).size === leads.length;
    if (!ok)
      throw new SandboxOptionError(
        'tokens.warningLeadsDays',
        `of '${t.tokenId}' must be distinct whole days from 1 to 365 (at most 16), got ${JSON.stringify(leads)}`,
      );
  }
}

/** The options, checked once, with their defaults. */
export function resolveOptions(options: SandboxOptions) {
  const tokens = options.tokens?.length ? options.tokens : DEFAULT_TOKENS;
  const seed = options.seed ?? 'sandbox';
  const now = options.now ?? (() => new Date());
  checkNumbers(options);
  checkTokens(tokens);
  const duplicateRate = options.duplicateRate ?? 0.2;
  const parentOriginAllowed = compileParentOrigins(options.parentOrigins);
  const demoUrl = options.demoUrl === undefined ? undefined : checkDemoUrl(options.demoUrl);
  const allowedHosts = checkHosts(options);
  if (
    options.journeyProtocol !== undefined &&
    options.journeyProtocol !== 'bridge' &&
    options.journeyProtocol !== 'plain'
  )
    throw new SandboxOptionError(
      'journeyProtocol',
      `must be 'bridge' or 'plain', got '${String(options.journeyProtocol)}'`,
    );
  const receivers = (options.webhooks ?? []).map((w) => {
    const tokenId = w.tokenId ?? tokens[0]!.tokenId;
    const secret = w.secret ?? tokens.find((t) => t.tokenId === tokenId)?.secret;
    if (secret === undefined) throw new SandboxOptionError('webhooks', `${w.url}: no secret for token '${tokenId}'`);
    if (w.scheme === 'standard' && !secret.startsWith('whsec_'))
      throw new SandboxOptionError('webhooks', `${w.url}: the standard scheme needs a 'whsec_…' secret`);
    return { url: new URL(w.url).toString(), tokenId, secret, ...(w.scheme ? { scheme: w.scheme } : {}) };
  });
  return { options, tokens, seed, now, duplicateRate, parentOriginAllowed, demoUrl, receivers, allowedHosts };
}

export type Resolved = ReturnType<typeof resolveOptions>;
