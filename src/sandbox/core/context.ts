/** What every handler shares: state, options, the clock and the webhook emitter. */
import type { SandboxState, Application } from './state.js';
import type { JourneySessions } from '../journey/session.js';
import type { ParentOriginCheck } from '../journey/parent-origins.js';
import type { SandboxTracing } from './trace.js';

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
  /** The sandbox clock: the injectable `now` plus what was advanced. Every state time and timer reads it. */
  now(): Date;
  /** The injectable `now` alone: what signatures (requests, webhooks, sessions) are checked and made against. */
  wallNow(): Date;
  /** Moves the sandbox clock forward, firing every timer that falls due in order; answers the new time. */
  advanceClock(ms: number): Date;
  /** The warning leads of a token's consents, in days. */
  warningLeadsDays(tokenId: string): readonly number[];
  /** Issues and verifies the journey pages' session credentials. */
  sessions: JourneySessions;
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
  /** Queues a webhook event about an application for every receiver. */
  emit(app: Application, type: string, data: Record<string, unknown>): void;
  /** Schedules work after `ms`; cancelled by close(). Returns a function that cancels it. */
  later(ms: number, fn: () => void): () => void;
  /** Schedules work for when the sandbox clock reaches `due` (epoch ms); cancelled by close(). */
  at(due: number, fn: () => void): () => void;
}
