/** `startTestSandbox()`: a sandbox on a free loopback port, tuned for tests, that never outlives the test process. */
import { createClient, type KnownWebhookType } from '../../server/index.js';
import { KNOWN_WEBHOOK_TYPES, closestWebhookType } from '../../protocol/webhooks.js';
import type { SandboxToken } from '../core/context.js';
import { DEFAULT_TOKENS, SERVERS, startSandbox, type Sandbox, type SandboxOptions } from '../start.js';
import type { Delivery } from '../webhooks/sender.js';

export type TestSandboxOptions = SandboxOptions;

/** A webhook delivery to wait for: its event type and, optionally, its application. */
export interface WebhookMatch {
  /**
   * Event type, one the sandbox sends (a misspelt name is a compile error, and refused at run time).
   * @example 'crawl.completed'
   */
  type: KnownWebhookType;
  /** Only this application's event. @example 'app_0f3c…' */
  applicationId?: string;
}

/**
 * A receiver as `addWebhook` registers it: the `WebhookRegistration` of hosted-journey-server, declared here so the
 * kit's types do not reach into the server's.
 */
export interface TestWebhook {
  /** Its id, for the client's `deleteWebhook`. @example 'wh_2' */
  webhook_id: string;
  url: string;
  /** The token whose applications' events it receives: the test sandbox's `token.id`. */
  token_id: string;
  /** The event types it receives; absent: every type. */
  events?: string[];
}

export interface TestSandbox extends Sandbox {
  /** The API credentials: `createClient({ baseUrl: url, tokenId: token.id, signingSecret: token.secret })`. */
  token: { id: string; secret: string };
  /**
   * The secret webhook deliveries are signed with (the token's secret, request-signing scheme):
   * `createWebhookHandler({ verify: { keys: [{ tokenId: token.id, secret: webhookSecret }] }, … })`.
   */
  webhookSecret: string;
  /**
   * Registers a webhook receiver now, for an app whose port is known only after the sandbox started: the server
   * client's `registerWebhook({ url, events })` with `token`. Resolves with the registration; rejects as the client
   * does (`HostedJourneyValidationError` before sending, `ApiError` when the sandbox refuses).
   * @example await sandbox.addWebhook(`${app.url}/webhooks`, { events: ['crawl.completed'] })
   */
  addWebhook(url: string, options?: { events?: KnownWebhookType[] }): Promise<TestWebhook>;
  /**
   * Resolves with the first delivery of a matching event that your receiver answered with a 2xx; rejects after
   * `timeoutMs` (default 15 s) listing what was delivered.
   * @example const d = await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId })
   */
  waitForWebhook(match: WebhookMatch, options?: { timeoutMs?: number }): Promise<Delivery>;
  /** `await using sandbox = await startTestSandbox()` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void>;
}

const open = new Set<Sandbox>();
let exitHook = false;

/**
 * Starts a sandbox for tests: a free port on 127.0.0.1, the default seed (same data every run), the crawl instant
 * (`crawlDelayMs: 0`), every webhook delivered once (`duplicateRate: 0`; pass `0.2` or `1` to test your dedupe) and
 * fast retries. It never keeps the test process alive and is closed when that process exits; `close()` (or
 * `await using`) closes it earlier. Every option of `startSandbox` is accepted.
 * @example
 * const sandbox = await startTestSandbox();
 * const { url, token } = sandbox;
 * const client = createClient({ baseUrl: url, tokenId: token.id, signingSecret: token.secret });
 * // … your test …
 * await sandbox.close();
 */
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    crawlDelayMs: 0,
    duplicateRate: 0,
    webhookRetry: { attempts: 4, baseDelayMs: 20, maxDelayMs: 200, timeoutMs: 2000 },
    ...options,
  });
  SERVERS.get(sandbox)?.unref();
  open.add(sandbox);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const s of open) void s.close();
    });
  }
  const first: SandboxToken = (options.tokens?.length ? options.tokens : DEFAULT_TOKENS)[0]!;
  const token = { id: first.tokenId, secret: first.secret };
  const close = () => {
    open.delete(sandbox);
    return sandbox.close();
  };

  const client = createClient({ baseUrl: sandbox.url, tokenId: token.id, signingSecret: token.secret });
  const addWebhook = (url: string, options: { events?: KnownWebhookType[] } = {}): Promise<TestWebhook> =>
    client.registerWebhook({ url, ...options });

  async function waitForWebhook(match: WebhookMatch, { timeoutMs = 15_000 } = {}): Promise<Delivery> {
    if (!(KNOWN_WEBHOOK_TYPES as string[]).includes(match.type)) {
      const near = closestWebhookType(match.type);
      throw new TypeError(
        `waitForWebhook: unknown event type ${JSON.stringify(match.type)}; ` +
          (near ? `did you mean '${near}'?` : `known: ${KNOWN_WEBHOOK_TYPES.join(', ')}`),
      );
    }
    const deadline = Date.now() + timeoutMs;
    const matches = (d: Delivery) =>
      d.type === match.type && (match.applicationId === undefined || d.application_id === match.applicationId);
    for (;;) {
      const hit = sandbox
        .deliveries()
        .find((d) => matches(d) && d.status !== null && d.status >= 200 && d.status < 300);
      if (hit) return hit;
      if (Date.now() > deadline) {
        const seen = sandbox
          .deliveries()
          .map((d) => `${d.type} ${d.application_id} → ${d.status ?? d.error}`)
          .join('; ');
        throw new Error(
          `waitForWebhook: no 2xx delivery of ${JSON.stringify(match)} within ${timeoutMs} ms ` +
            `(deliveries: ${seen || 'none'})`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    ...sandbox,
    close,
    token,
    webhookSecret: first.secret,
    addWebhook,
    waitForWebhook,
    [Symbol.asyncDispose]: close,
  };
}
