/**
 * The model of the sandbox's home page, `GET /` (and `HEAD /`) — what it is, the API base, token ids, test logins,
 * the journey URL pattern, registered parent origins and webhook receivers with their recent deliveries, and a link
 * to the demo.
 * 1. One model, built here from allow-listed fields, feeds both answers, so neither can show more than the other: token
 *    ids, never their secrets; receivers without their secrets, their URLs with userinfo and query values replaced by
 *    `***` (in delivery errors too). The journey-session key, form tokens and customer data are not reachable from what
 *    this module reads.
 * 2. reply.ts answers JSON or HTML (html.ts) from this model; the HTML has no script and no inline style, escapes every
 *    value and refuses framing.
 */
import { API_OPERATIONS } from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { CRAWLER_LOGINS, INSTITUTIONS } from '../data/institutions.js';
import { displayUrl, redactUrls } from '../core/redact.js';
import { RECENT_DELIVERIES, type WebhookSender } from '../webhooks/sender.js';

/** One webhook attempt as the index shows it. */
export interface SandboxIndexDelivery {
  event_id: string;
  type: string;
  application_id: string | null;
  attempt: number;
  /** HTTP status, or `null` on timeout / network error (then `error` says which). */
  status: number | null;
  error?: string;
  /** True for the deliberate second copy of an event (`duplicateRate`). */
  duplicate: boolean;
  at: string;
  /** Present on the last attempt of an event that never got a 2xx: the sandbox gave up on it. */
  gave_up?: true;
  /** After a failed attempt with a retry to follow: when that retry is due (the token's clock), as the log says. */
  next_retry_at?: string;
  /** What the receiver's answer suggests (e.g. the secret deliveries are signed with, after `BAD_SIGNATURE`). */
  hint?: string;
}

/** A registered webhook receiver. */
export interface SandboxIndexWebhook {
  /** `wh_{n}`, as `POST /api/v1/webhooks` answered (receivers of the `webhooks` option come first; never reused). */
  webhook_id: string;
  /** The receiver URL with userinfo and query values shown as `***`. */
  url: string;
  token_id: string;
  scheme: 'hmac' | 'standard';
  /** The event types it receives (its `events` filter); absent: every type. */
  events?: string[];
  /** Events waiting for this receiver, the one being tried included. */
  queued: number;
  /** Since when every attempt failed (token's clock); absent while it is acknowledging. */
  failing_since?: string;
  /** When it was disabled for failing 5 days: nothing is sent to it until it is recovered or registered again. */
  disabled_at?: string;
  /** The last attempts (at most `RECENT_DELIVERIES`), newest first. */
  recent_deliveries: SandboxIndexDelivery[];
}

/** The JSON answer of `GET /` with `Accept: application/json`. */
export interface SandboxIndex {
  name: 'hosted-journey sandbox';
  about: string;
  /** The `baseUrl` to give `createClient` of `hosted-journey-server`. */
  api_base: string;
  /** Token ids accepted (`Authorization: HMAC <token_id>:…`); secrets are never shown. */
  tokens: Array<{ token_id: string }>;
  journey: {
    /** e.g. `http://127.0.0.1:4010/i/{vendor}/{ref}` */
    url_pattern: string;
    deep_links: string[];
    /**
     * vendor (or `'*'`: every other vendor) → origins allowed to frame its journey (`'loopback'`: any loopback origin).
     */
    parent_origins: Record<string, string[]>;
  };
  institutions: Array<{ id: string; name: string; pathways: string[] }>;
  test_logins: {
    crawler: Array<{ username: string; password: string; code?: string; result: string }>;
    cdr: string;
  };
  webhooks: SandboxIndexWebhook[];
  endpoints: Array<{ name: string; method: string; path: string }>;
  links: { health: string; demo?: string };
}

const ABOUT =
  'A local stand-in of the hosted-journey service: the signed API, the hosted journey pages, fake banks, ' +
  'deterministic bank data and credit files, PDF/CSV/JSON bundles and signed at-least-once webhooks. Test data only.';

export function indexModel(ctx: SandboxContext, sender: WebhookSender): SandboxIndex {
  const origin = ctx.origin();
  const { connected, otp, failed } = CRAWLER_LOGINS;
  const endpoints: SandboxIndex['endpoints'] = Object.entries(API_OPERATIONS)
    .filter(([, op]) => op.source !== 'sandbox')
    .map(([name, { method, path }]) => ({ name, method, path }));
  return {
    name: 'hosted-journey sandbox',
    about: ABOUT,
    api_base: origin,
    tokens: ctx.tokens.map((t) => ({ token_id: t.tokenId })),
    journey: {
      url_pattern: `${origin}/i/{vendor}/{ref}`,
      deep_links: ['/tnc', '/do_mygov', '/banks', '/banks/{id}'],
      parent_origins: Object.fromEntries(
        Object.entries(ctx.parentOrigins).map(([vendor, list]) => [vendor, [...list]]),
      ),
    },
    institutions: INSTITUTIONS.map(({ id, name, pathways }) => ({ id, name, pathways: [...pathways] })),
    test_logins: {
      crawler: [
        { username: connected.username, password: connected.password, result: 'RELEASED' },
        {
          username: otp.username,
          password: otp.password,
          code: otp.code,
          result: `AUTH; code ${otp.code} → RELEASED, another code → FAILED`,
        },
        { username: failed.username, password: failed.password, result: 'FAILED (so does any other login)' },
      ],
      cdr: 'No login: the bank page lists the accounts and data shared; Approve or Deny.',
    },
    webhooks: sender.listReceivers().map((receiver) => {
      const nextRetry = nextRetries(sender.receiverLog(receiver.id).log);
      return {
        webhook_id: receiver.id,
        url: displayUrl(receiver.url),
        token_id: receiver.tokenId,
        scheme: receiver.scheme ?? 'hmac',
        ...(receiver.events ? { events: [...receiver.events] } : {}),
        queued: sender.queued(receiver),
        ...health(sender.receiverLog(receiver.id)),
        recent_deliveries: sender
          .recentDeliveries(receiver)
          .reverse()
          .map((d) => ({
            event_id: d.event_id,
            type: d.type,
            application_id: d.application_id ?? null,
            attempt: d.attempt,
            status: d.status,
            ...(d.error !== undefined ? { error: redactUrls(d.error) } : {}),
            duplicate: d.duplicate,
            at: d.at,
            ...(d.gave_up ? { gave_up: true as const } : {}),
            ...(d.hint !== undefined ? { hint: d.hint } : {}),
            ...nextRetry(d.event_id, d.attempt),
          })),
      };
    }),
    endpoints,
    links: { health: `${origin}/health`, ...(ctx.demoUrl ? { demo: ctx.demoUrl } : {}) },
  };
}

/** The next retry each of a receiver's latest attempts announced, by event id and attempt. */
function nextRetries(log: readonly { event_id: string; attempt: number; next_retry_at: string | null }[]) {
  const next = new Map<string, string>();
  for (const a of log.slice(-2 * RECENT_DELIVERIES)) // the recent attempts are the log's last
    if (a.next_retry_at) next.set(`${a.event_id} ${a.attempt}`, a.next_retry_at);
  return (eventId: string, attempt: number) => {
    const at = next.get(`${eventId} ${attempt}`);
    return at ? { next_retry_at: at } : {};
  };
}

/** A receiver's failing and disabled times, as ISO strings, when it has them. */
function health({ failingSince, disabledAt }: { failingSince: number | undefined; disabledAt: number | undefined }) {
  return {
    ...(failingSince === undefined ? {} : { failing_since: new Date(failingSince).toISOString() }),
    ...(disabledAt === undefined ? {} : { disabled_at: new Date(disabledAt).toISOString() }),
  };
}
