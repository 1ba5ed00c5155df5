/**
 * `hosted-journey-sandbox/testing`: what an integrator's own tests need against the sandbox.
 *   startTestSandbox()  a sandbox on a free loopback port, tuned for tests, that never outlives the test process
 *   completeJourney()   a Playwright helper that clicks through the sandbox journey embedded in a page
 * `@playwright/test` is an optional peer: only its types are used here, nothing of it is imported at run time.
 */
import type { Frame, Page } from '@playwright/test';
import { type KnownWebhookType, createClient } from '../server/index.js';
import type { SandboxToken } from './context.js';
import { DEFAULT_TOKENS, SERVERS, startSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
import type { Delivery } from './webhooks/sender.js';

export type TestSandboxOptions = SandboxOptions;

/** A webhook delivery to wait for: its event type and, optionally, its application. */
export interface WebhookMatch {
  /** Event type. @example 'crawl.completed' */
  type: string;
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

/** The CDR pathway: the customer approves or denies access on the sandbox bank's page. */
export interface CompleteCdrJourney {
  pathway: 'cdr';
  /** `'approved'` (default): the journey reaches its done step. `'denied'`: it shows the denial. */
  outcome?: 'approved' | 'denied';
}

/** The crawler pathway: the sandbox's test logins. */
export interface CompleteCrawlerJourney {
  pathway: 'crawler';
  /**
   * `'connected'` (default, login `demo`/`demo`), `'otp'` (login `otp`/`otp`, then code `123456`; connected), or
   * `'failed'` (login `fail`/`fail`: the journey refuses it in place).
   */
  outcome?: 'connected' | 'otp' | 'failed';
}

export type CompleteJourneyOptions = (CompleteCdrJourney | CompleteCrawlerJourney) & {
  /** Institution id. @default 'sandbox-bank' (offers both pathways) */
  bank?: string;
  /** Typed into the details step when it is empty (prefill is kept). */
  customer?: { fullName: string; email: string; phone?: string };
  /** Only a journey served from this origin (the sandbox URL). @example sandbox.url */
  journeyOrigin?: string;
  /** Only the journey of this customer id (`ref`), when the page embeds several. */
  ref?: string;
  /** Whole-journey time limit. @default 30000 */
  timeoutMs?: number;
};

export interface CompleteJourneyResult {
  /** `'done'` (approved / connected), `'failed'` (denied) or `'crawler'` (a refused login). */
  step: 'done' | 'failed' | 'crawler';
  vendor: string;
  ref: string;
  /** The application's id and status as the journey sees them, when it started one. */
  applicationId: string | undefined;
  status: string | undefined;
}

const JOURNEY_PATH = /^\/i\/([^/]+)\/([^/]+)(?:\/(?!bank-return$).*)?$/;
const BANK_PAGE = /\/bank\/[^/]+\/authorise/;
const CARD = 'main.hj-card';

/**
 * Completes the sandbox journey in `page`: inline or modal iframe (open the modal first; the helper waits for the
 * frame), or the journey opened top-level. It clicks through the journey's real UI — terms, details, the optional
 * myGov step (skipped), the bank list, the pathway, then the bank's own page (a popup, or the whole page with the
 * redirect strategy; your page must call `resumeJourney()` on return, as in production) or the crawler login — and
 * resolves once the journey shows its last step. Steps it finds already done are skipped; it throws, naming the
 * step, if the journey ends elsewhere or runs out of time.
 * @example
 * await page.getByRole('button', { name: 'Connect your bank' }).click();
 * const { applicationId } = await completeJourney(page, { pathway: 'cdr', outcome: 'approved' });
 */
export async function completeJourney(page: Page, options: CompleteJourneyOptions): Promise<CompleteJourneyResult> {
  const pathway = options.pathway;
  const outcome = options.outcome ?? (pathway === 'cdr' ? 'approved' : 'connected');
  const bank = options.bank ?? 'sandbox-bank';
  const customer = options.customer ?? { fullName: 'Alex Citizen', email: 'alex@example.com' };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const left = () => Math.max(1, deadline - Date.now());
  const expired = (what: string): never => {
    throw new Error(`completeJourney: ${what} (after ${options.timeoutMs ?? 30_000} ms)`);
  };

  const isJourney = (url: string) => {
    try {
      const u = new URL(url);
      const m = JOURNEY_PATH.exec(u.pathname);
      if (!m) return undefined;
      if (options.journeyOrigin !== undefined && u.origin !== new URL(options.journeyOrigin).origin) return undefined;
      const ref = decodeURIComponent(m[2]!);
      if (options.ref !== undefined && ref !== options.ref) return undefined;
      return { vendor: decodeURIComponent(m[1]!), ref };
    } catch {
      return undefined;
    }
  };
  async function findJourney(): Promise<Frame> {
    for (;;) {
      for (const f of page.frames()) {
        if (f.isDetached() || !isJourney(f.url())) continue;
        if (
          (await f
            .locator(CARD)
            .count()
            .catch(() => 0)) > 0
        )
          return f;
      }
      if (Date.now() > deadline) expired(`no sandbox journey in the page ${page.url()}`);
      await page.waitForTimeout(100);
    }
  }
  const stepOf = (f: Frame) =>
    f.isDetached()
      ? Promise.resolve(null)
      : f
          .locator(CARD)
          .getAttribute('data-step', { timeout: left() })
          .catch(() => null);
  async function leave(f: Frame, step: string) {
    for (;;) {
      const now = await stepOf(f);
      if (now !== step) return;
      if (Date.now() > deadline) {
        const alert = await f
          .locator(`${CARD} [role=alert]`)
          .allTextContents()
          .catch(() => []);
        expired(`the journey stayed on step '${step}'${alert.length ? `: ${alert.join(' ')}` : ''}`);
      }
      await page.waitForTimeout(100);
    }
  }
  async function result(f: Frame, step: CompleteJourneyResult['step']): Promise<CompleteJourneyResult> {
    const { vendor, ref } = isJourney(f.url())!;
    const status = await f
      .evaluate(
        async ([v, r]) => {
          const config = JSON.parse(document.getElementById('hj-config')?.textContent ?? '{}');
          const res = await fetch(`/journey-api/${encodeURIComponent(v)}/${encodeURIComponent(r)}/status`, {
            headers: config.session ? { 'x-journey-session': config.session } : {},
          });
          return res.ok ? ((await res.json()) as { application_id?: string; status?: string }) : {};
        },
        [vendor, ref] as const,
      )
      .catch(() => ({}) as { application_id?: string; status?: string });
    return { step, vendor, ref, applicationId: status.application_id, status: status.status };
  }

  let journey = await findJourney();
  for (;;) {
    if (journey.isDetached() || !isJourney(journey.url())) journey = await findJourney();
    const step = await stepOf(journey);
    const card = journey.locator(CARD);
    const t = { timeout: left() };
    switch (step) {
      case 'terms':
        await card.locator('input[name=agree]').check(t);
        await card.locator('button[type=submit]').click(t);
        break;
      case 'details':
        for (const [id, value] of [
          ['full_name', customer.fullName],
          ['email', customer.email],
          ['phone', customer.phone ?? ''],
        ] as const) {
          const field = card.locator(`input#${id}`);
          if (value && !(await field.inputValue(t))) await field.fill(value, t);
        }
        await card.locator('button[type=submit]').click(t);
        break;
      case 'mygov':
        await card.locator('button[name=skip-mygov]').click(t);
        break;
      case 'banks':
        await card.locator(`button[data-institution="${bank}"]`).click(t);
        break;
      case 'bank': {
        const choice = card.locator(`input[name=pathway][value=${pathway}]`);
        if (await choice.count()) await choice.check(t);
        else if ((await card.locator('input[name=pathway]').count()) > 0)
          throw new Error(`completeJourney: bank '${bank}' does not offer the ${pathway} pathway`);
        await card.locator('button[type=submit]').click(t);
        break;
      }
      case 'authorise': {
        if (pathway !== 'cdr') throw new Error('completeJourney: the journey asks for a CDR consent, not a login');
        const popups: Page[] = [];
        const onPopup = (p: Page) => popups.push(p);
        page.on('popup', onPopup);
        try {
          await card.locator('button[name=continue-to-bank]').click(t);
          let bankPage: Page | undefined;
          while (!bankPage) {
            if (popups[0]) bankPage = popups[0];
            else if (BANK_PAGE.test(page.url())) bankPage = page;
            else if (Date.now() > deadline) expired('the bank page never opened');
            else await page.waitForTimeout(50);
          }
          await bankPage.waitForURL(BANK_PAGE, t);
          const decision = outcome === 'denied' ? 'deny' : 'approve';
          await bankPage.locator(`button[name=decision][value=${decision}]`).click(t);
          // A popup closes itself; a redirected page comes back to your page (or the unframed journey).
          if (bankPage === page) await page.waitForURL((u) => !BANK_PAGE.test(u.pathname), t);
        } finally {
          page.off('popup', onPopup);
        }
        // Wait for the journey (possibly re-mounted) to move past this step.
        if (!journey.isDetached()) await leave(journey, 'authorise');
        break;
      }
      case 'crawler': {
        if (pathway !== 'crawler') throw new Error('completeJourney: the journey asks for a crawler login, not CDR');
        const otp = card.locator('input#otp');
        if (await otp.count()) {
          await otp.fill('123456', t);
          await card.locator('button[type=submit]').click(t);
          await leave(journey, 'crawler');
          break;
        }
        const login = { connected: 'demo', otp: 'otp', failed: 'fail' }[outcome as 'connected' | 'otp' | 'failed'];
        await card.locator('input#username').fill(login, t);
        await card.locator('input#password').fill(login, t);
        await card.locator('button[type=submit]').click(t);
        if (outcome === 'failed') {
          await card.locator('[role=alert]').waitFor({ state: 'visible', ...t });
          return result(journey, 'crawler');
        }
        while ((await stepOf(journey)) === 'crawler' && !(await otp.count())) {
          if (Date.now() > deadline) expired('the crawler login never answered');
          await page.waitForTimeout(100);
        }
        break;
      }
      case 'done':
        if (outcome === 'denied') throw new Error('completeJourney: the journey completed, but a denial was expected');
        return result(journey, 'done');
      case 'failed':
        if (outcome === 'denied') return result(journey, 'failed');
        throw new Error(`completeJourney: the journey failed: ${(await card.innerText().catch(() => '')).trim()}`);
      case 'exited':
        throw new Error('completeJourney: the customer left the journey (Exit)');
      default: // loading, retrieving, or between two steps
        if (Date.now() > deadline) expired(`the journey stayed on '${step ?? 'nothing'}'`);
        await page.waitForTimeout(100);
        continue;
    }
    if (step !== 'authorise' && step !== 'crawler' && !journey.isDetached()) await leave(journey, step);
  }
}
