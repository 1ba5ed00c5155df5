/**
 * `triggerJourney()`: takes an application through the hosted journey without a browser, as `stripe trigger` does for
 * Stripe's events. It makes the calls the journey pages and the bank page make — over HTTP, with a page's session
 * credential and the bank form's token — so the same state machine runs and the same webhooks go out, duplicates
 * included. Works against any running sandbox (the CLI's `trigger` command uses it).
 */
import {
  JOURNEY_API,
  JOURNEY_SESSION_HEADER,
  journeyApiPath,
  type JourneyApiRoute,
} from '../../protocol/journey-api.js';
import { TRACE_HEADERS, parseTraceparent, traceparentExpected } from '../../protocol/trace-context.js';
import { DEFAULT_LOCALE } from '../../protocol/locale.js';
import { TriggerJourneyError, kitError, refused, type SandboxKitOperation } from './errors.js';

export { TriggerJourneyError } from './errors.js';

export type TriggerOutcome = 'approved' | 'denied' | 'failed';

export interface TriggerJourneyOptions {
  /** The vendor label. @example 'acme' */
  vendor: string;
  /** The customer id (`ref`). @example 'cust_1' */
  ref: string;
  /** Institution id. @default 'sandbox-bank' (offers both pathways) */
  bank?: string;
  /** @default 'cdr' */
  pathway?: 'cdr' | 'crawler';
  /**
   * `'approved'` (default): the customer approves at the bank (cdr) or logs in with `demo`/`demo` (crawler), and the
   * crawl completes. `'denied'` (cdr): the customer denies at the bank. `'failed'` (crawler): login `fail`/`fail`.
   */
  outcome?: TriggerOutcome;
  /** Starts the application when it does not exist yet. @default Alex Citizen, alex@example.com */
  customer?: { fullName: string; email: string; phone?: string };
  /**
   * Time limit for the whole run, every request included (a sandbox that accepts a connection and never answers
   * fails with `TIMEOUT` too): a finite number of ms > 0, at most 2147483647. @default 15000
   */
  timeoutMs?: number;
  /**
   * The W3C traceparent of the journey session, as the widget hands it to the journey: every journey call carries it,
   * so the sandbox's spans and the webhooks it sends for this application are in that trace. A value that is not a
   * valid traceparent is `INVALID_OPTIONS`. @example '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
   */
  traceparent?: string;
  /**
   * The language the customer's journey negotiated, sent with its consent call as the journey sends it: the consent's
   * events carry it as `locale` (a tag no shipped locale matches is not kept). @default 'en-AU' @example 'zh-Hans'
   */
  locale?: string;
}

export interface TriggerJourneyResult {
  vendor: string;
  ref: string;
  applicationId: string;
  /** The application's status at the end: `crawled` (approved), `denied`, or `institution_selected` (failed login). */
  status: string;
  pathway: 'cdr' | 'crawler';
  outcome: TriggerOutcome;
}

/** Which outcomes each pathway has, and what the customer does for it. */
const ACTIONS = {
  cdr: { approved: 'approve', denied: 'deny' },
  crawler: { approved: 'demo', failed: 'fail' },
} as const;

interface Run {
  origin: string;
  vendor: string;
  ref: string;
  session: string;
  deadline: number;
  timeoutMs: number;
  /** Aborts every request of the run once `timeoutMs` has passed. */
  signal: AbortSignal;
  /** The journey session's traceparent header, when given. */
  trace: Record<string, string>;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

function checkOptions(options: TriggerJourneyOptions) {
  const pathway = options.pathway ?? 'cdr';
  const outcome = options.outcome ?? 'approved';
  const actions = ACTIONS[pathway] as Record<string, string> | undefined;
  if (!actions)
    throw new TriggerJourneyError('INVALID_OPTIONS', `pathway must be 'cdr' or 'crawler', got '${pathway}'`);
  const action = actions[outcome];
  if (action === undefined)
    throw new TriggerJourneyError(
      'INVALID_OPTIONS',
      `outcome '${outcome}' is not one of the ${pathway} pathway's: ${Object.keys(actions).join(', ')}`,
    );
  for (const key of ['vendor', 'ref'] as const)
    if (typeof options[key] !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(options[key]))
      throw new TriggerJourneyError('INVALID_OPTIONS', `${key} must be letters, digits, '-' or '_'`);
  const timeoutMs = options.timeoutMs ?? 15_000;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMER_MS)
    throw new TriggerJourneyError(
      'INVALID_OPTIONS',
      `timeoutMs must be a finite number of ms > 0, at most ${MAX_TIMER_MS}; got ${shown(timeoutMs)}`,
    );
  if (options.locale !== undefined && (typeof options.locale !== 'string' || options.locale.length > 64))
    throw new TriggerJourneyError('INVALID_OPTIONS', `locale must be a BCP 47 tag; got ${shown(options.locale)}`);
  if (options.traceparent !== undefined && !parseTraceparent(options.traceparent).ok)
    throw new TriggerJourneyError(
      'INVALID_OPTIONS',
      `traceparent ${shown(options.traceparent)} refused: ${traceparentExpected(options.traceparent)}`,
    );
  const trace: Record<string, string> =
    options.traceparent === undefined ? {} : { [TRACE_HEADERS.traceparent]: options.traceparent };
  return { pathway, outcome, action, bank: options.bank ?? 'sandbox-bank', timeoutMs, trace };
}

const shown = (v: unknown): string => (typeof v === 'string' ? `'${v.slice(0, 40)}' (a string)` : String(v));

/** A journey-API call as the page makes it: same origin, JSON, the page's session credential. */
async function call(run: Run, route: JourneyApiRoute, body?: object): Promise<unknown> {
  const { method } = JOURNEY_API[route];
  const url = run.origin + journeyApiPath(route, run.vendor, run.ref);
  const res = await fetch(url, {
    method,
    signal: run.signal,
    headers: {
      'content-type': 'application/json',
      origin: run.origin,
      [JOURNEY_SESSION_HEADER]: run.session,
      ...run.trace,
    },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  if (!res.ok) await refused(res, 'triggerJourney', `${method} ${route}`);
  return res.json();
}

/** Loads the journey page, as a browser does, for its session credential and the application's status. */
async function openJourney(origin: string, vendor: string, ref: string, signal: AbortSignal) {
  const res = await fetch(`${origin}/i/${encodeURIComponent(vendor)}/${encodeURIComponent(ref)}`, { signal });
  if (!res.ok) await refused(res, 'triggerJourney', 'loading the journey page');
  const config = /<script type="application\/json" id="hj-config">(.*?)<\/script>/s.exec(await res.text());
  const parsed = config ? (JSON.parse(config[1]!) as { session?: string; status?: { status: string } | null }) : {};
  if (!parsed.session) throw new TriggerJourneyError('REFUSED', `${origin} served no journey session (not a sandbox?)`);
  return { session: parsed.session, status: parsed.status ?? null };
}

/** The bank's page: read its form token, post the customer's decision. */
export async function decideAtBank(
  consentUrl: string,
  decision: string,
  signal: AbortSignal,
  operation: SandboxKitOperation = 'triggerJourney',
): Promise<void> {
  const page = await fetch(consentUrl, { signal });
  if (!page.ok) await refused(page, operation, 'loading the bank page');
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const consentId = field('consent_id');
  const formToken = field('form_token');
  if (!action || !consentId || !formToken) throw kitError(operation, 'REFUSED', 'the bank page has no decision form');
  const res = await fetch(new URL(action.replace(/&amp;/g, '&'), consentUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent_id: consentId, form_token: formToken, decision }).toString(),
    redirect: 'manual',
    signal,
  });
  if (res.status !== 303) await refused(res, operation, 'the bank decision');
}

async function waitForStatus(
  run: Run,
  done: (status: string) => boolean,
): Promise<{ application_id: string; status: string }> {
  for (;;) {
    const s = (await call(run, 'status')) as { application_id: string; status: string };
    if (done(s.status)) return s;
    if (Date.now() > run.deadline)
      throw new TriggerJourneyError('TIMEOUT', `the application stayed ${s.status} (after ${run.timeoutMs} ms)`);
    await new Promise((r) => setTimeout(r, 25));
    if (run.signal.aborted) throw run.signal.reason;
  }
}

const RETRIEVED = new Set(['crawled', 'finalised', 'report_ready']);

/**
 * Takes `vendor`/`ref` through the journey — start (if needed), bank, pathway, outcome — and resolves once the
 * outcome is reached (`approved`: the crawl completed, so `consent.authorised`/`crawl.completed` and the data events
 * are on their way to your receivers).
 * @example
 * const { applicationId } = await triggerJourney(sandbox, { vendor: 'acme', ref: 'cust_1', outcome: 'approved' });
 * await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId });
 */
export async function triggerJourney(
  sandbox: string | { url: string },
  options: TriggerJourneyOptions,
): Promise<TriggerJourneyResult> {
  const checked = checkOptions(options);
  const origin = new URL(typeof sandbox === 'string' ? sandbox : sandbox.url).origin;
  const { timeoutMs } = checked;
  const timedOut = new TriggerJourneyError('TIMEOUT', `the sandbox at ${origin} did not finish within ${timeoutMs} ms`);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(timedOut), timeoutMs);
  try {
    return await run(origin, options, checked, deadline.signal);
  } catch (e) {
    // fetch rejects with the signal's reason, or with an AbortError wrapping it, depending on the step it was in.
    if (deadline.signal.aborted) throw timedOut;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

async function run(
  origin: string,
  options: TriggerJourneyOptions,
  { pathway, outcome, action, bank, timeoutMs, trace }: ReturnType<typeof checkOptions>,
  signal: AbortSignal,
): Promise<TriggerJourneyResult> {
  const { vendor, ref } = options;
  const opened = await openJourney(origin, vendor, ref, signal);
  const deadline = Date.now() + timeoutMs;
  const r: Run = { origin, vendor, ref, session: opened.session, deadline, timeoutMs, signal, trace };
  if (opened.status === null) {
    const c = options.customer ?? { fullName: 'Alex Citizen', email: 'alex@example.com' };
    await call(r, 'start', { full_name: c.fullName, email: c.email, ...(c.phone ? { phone: c.phone } : {}) });
  }
  await call(r, 'institution', { institution_id: bank, pathway });
  if (pathway === 'cdr') {
    const consent = (await call(r, 'consent', { locale: options.locale ?? DEFAULT_LOCALE })) as { consent_url: string };
    await decideAtBank(consent.consent_url, action, signal);
  } else {
    const login = (await call(r, 'crawlerLogin', {
      institution_id: bank,
      username: action,
      password: action,
    })) as {
      status: string;
    };
    if (outcome === 'failed' && login.status !== 'FAILED')
      throw new TriggerJourneyError('REFUSED', `the failing login answered ${login.status}`);
  }
  const end = await waitForStatus(r, (s) =>
    outcome === 'approved' ? RETRIEVED.has(s) : outcome === 'denied' ? s === 'denied' : true,
  );
  return { vendor, ref, applicationId: end.application_id, status: end.status, pathway, outcome };
}
