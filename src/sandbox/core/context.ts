/** What every handler shares: state, options, the tokens' clocks and the webhook emitter. */
import type { KnownWebhookType, WebhookData } from '../../protocol/index.js';
import type { SandboxState, EventSubject } from './state.js';
import type { JourneySessions } from '../journey/session.js';
import type { JourneyRecorder } from '../journey/recorder.js';
import type { ParentOriginCheck } from '../journey/parent-origins.js';
import type { TokenClock } from './clock.js';
import type { RequestTrace, SandboxTracing } from './trace.js';

export interface SandboxToken {
  /** Public token id sent in `Authorization: HMAC <tokenId>:…`. @example 'sandbox_token' */
  tokenId: string;
  /** Signing secret. @example 'sandbox_secret' */
  secret: string;
  /**
   * Days before a consent's sharing period ends at which `consent.expiring` is sent to this token's receivers, once
   * each. Default 30, 14, 7 and 1. @example [14, 3]
   */
  warningLeadsDays?: number[];
  /**
   * The vendor label this token belongs to, as the service knows whose credentials sign a request: the credit report
   * names it (display form, `acme-lending` → `Acme Lending`) as the enquirer and provider of what this token lodged.
   * Without it the report says `Sandbox vendor`. @example 'lendly'
   */
  vendor?: string;
}

export interface SandboxContext {
  state: SandboxState;
  seed: string;
  crawlDelayMs: number;
  /** How long a crawler seed waits for the customer's credentials (or one-time code) before TIMEDOUT. */
  crawlerTimeoutMs: number;
  tokens: readonly SandboxToken[];
  /**
   * The injectable `now`, which no token's advance moves: what signatures (requests, webhooks, sessions) are checked
   * and made against, and the credit reports' dates.
   */
  now(): Date;
  /**
   * A token's clock (core/clock.ts): the injectable `now` plus what that token advanced, and its timers. Everything
   * about an application — its times, its consents' year, its timers — reads its owner's: `clock(app.owner)`.
   */
  clock(tokenId: string): TokenClock;
  /** The warning leads of a token's consents, in days. */
  warningLeadsDays(tokenId: string): readonly number[];
  /** Issues and verifies the journey pages' session credentials. */
  sessions: JourneySessions;
  /** The journey sessions recorded from the journey-API calls (journey/recorder.ts). */
  recorder: JourneyRecorder;
  /** Whether `origin` is a registered parent origin of `vendor` (the `parentOrigins` option). */
  parentOriginAllowed: ParentOriginCheck;
  /** The same registry for display: vendor (or `'*'`) → normalised origins and `'loopback'`. */
  parentOrigins: Readonly<Record<string, readonly string[]>>;
  /** Host names besides loopback names and IP literals that pages, journey API and index answer (core/hosts.ts). */
  allowedHosts: readonly string[];
  /** The journey pages' protocol unless a load names one: the bridge, or `'plain'` (no bridge, posts RELEASED). */
  journeyProtocol: 'bridge' | 'plain';
  /** The demo (or integrator app) the index page links to, when the sandbox was told one. */
  demoUrl?: string;
  /** The sandbox's own origin, e.g. `http://127.0.0.1:4010`. */
  origin(): string;
  /** Spans of requests, events and deliveries, when an OpenTelemetry SDK records (core/trace.ts). */
  tracing?: SandboxTracing | undefined;
  /**
   * Queues a webhook event about an application for every receiver of its token: a known type with that type's data
   * (src/protocol/webhooks.ts), created in `request`'s trace context while it is handled, else the application's.
   */
  emit<K extends KnownWebhookType>(app: EventSubject, type: K, data: NoInfer<WebhookData<K>>): void;
  /** The request being handled, passed explicitly (core/trace.ts); absent in the base context. */
  readonly request?: RequestTrace | undefined;
  /** This context bound to one request: its events are created in that request's trace context. */
  forRequest(request: RequestTrace): RequestContext;
}

/** The context a request's handling runs with. */
export type RequestContext = SandboxContext & { readonly request: RequestTrace };
