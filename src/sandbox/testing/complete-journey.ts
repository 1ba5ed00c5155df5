/**
 * `completeJourney()`: a Playwright helper that clicks through the sandbox journey embedded in a page, through the
 * journey's real UI and the sandbox bank's page. `@playwright/test` is used for its types only, inside: the exported
 * declarations name none of them (`JourneyPage` is structural), so a project without Playwright type-checks the kit
 * with `skipLibCheck: false`.
 */
import type { Frame, Locator, Page } from '@playwright/test';
import { JOURNEY_SESSION_HEADER, journeyApiPath } from '../../protocol/journey-api.js';

/**
 * The Playwright `Page` that shows your app, described by the members the kit's types need: any `Page` of
 * `@playwright/test` or `playwright` fits. Structural, so these declarations do not import Playwright's.
 * @example test('journey', async ({ page }) => { await completeJourney(page, { pathway: 'cdr' }); });
 */
export interface JourneyPage {
  frames(): unknown[];
  mainFrame(): unknown;
  url(): string;
  waitForURL(url: RegExp, options?: { timeout?: number }): Promise<unknown>;
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

/** One call's settings and clock, shared by the parts below. */
interface Run {
  page: Page;
  options: CompleteJourneyOptions;
  pathway: 'cdr' | 'crawler';
  outcome: NonNullable<CompleteCdrJourney['outcome'] | CompleteCrawlerJourney['outcome']>;
  bank: string;
  customer: { fullName: string; email: string; phone?: string };
  deadline: number;
  /** Milliseconds left before the deadline (at least 1). */
  left(): number;
  expired(what: string): never;
}

function startRun(page: Page, options: CompleteJourneyOptions): Run {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  return {
    page,
    options,
    pathway: options.pathway,
    outcome: options.outcome ?? (options.pathway === 'cdr' ? 'approved' : 'connected'),
    bank: options.bank ?? 'sandbox-bank',
    customer: options.customer ?? { fullName: 'Alex Citizen', email: 'alex@example.com' },
    deadline,
    left: () => Math.max(1, deadline - Date.now()),
    expired: (what) => {
      throw new Error(`completeJourney: ${what} (after ${timeoutMs} ms)`);
    },
  };
}

/** The vendor and ref of a sandbox journey URL that `options` selects, else undefined. */
function journeyOf(run: Run, url: string): { vendor: string; ref: string } | undefined {
  try {
    const u = new URL(url);
    const m = JOURNEY_PATH.exec(u.pathname);
    if (!m) return undefined;
    if (run.options.journeyOrigin !== undefined && u.origin !== new URL(run.options.journeyOrigin).origin)
      return undefined;
    const ref = decodeURIComponent(m[2]!);
    if (run.options.ref !== undefined && ref !== run.options.ref) return undefined;
    return { vendor: decodeURIComponent(m[1]!), ref };
  } catch {
    return undefined;
  }
}

/** Resolves once `wait` settles either way (a wait that lost a race must not reject into nothing). */
const settled = (wait: Promise<unknown>): Promise<void> =>
  wait.then(
    () => undefined,
    () => undefined,
  );

async function findJourney(run: Run): Promise<Frame> {
  for (;;) {
    const candidates = run.page.frames().filter((f) => !f.isDetached() && journeyOf(run, f.url()));
    for (const f of candidates) {
      if (
        (await f
          .locator(CARD)
          .count()
          .catch(() => 0)) > 0
      )
        return f;
    }
    if (Date.now() > run.deadline) run.expired(`no sandbox journey in the page ${run.page.url()}`);
    // Wakes when a frame navigates (a journey may arrive) or a journey frame renders its card.
    const t = { timeout: run.left() };
    await Promise.race([
      settled(run.page.waitForEvent('framenavigated', t)),
      ...candidates.map((f) =>
        settled(
          f
            .locator(CARD)
            .first()
            .waitFor({ state: 'attached', ...t }),
        ),
      ),
    ]);
  }
}

function stepOf(run: Run, f: Frame): Promise<string | null> {
  return f.isDetached()
    ? Promise.resolve(null)
    : f
        .locator(CARD)
        .getAttribute('data-step', { timeout: run.left() })
        .catch(() => null);
}

/** What `waitInJourney` waits for: the card showing another step than `step`, or the crawler login answered. */
type JourneyCondition = { condition: 'left'; step: string | null } | { condition: 'login-answered' };

/**
 * Waits inside the frame, on DOM mutations (no polling), until the condition holds for the journey's card; false when
 * the frame navigated or went away meanwhile (the caller finds the journey again), and `expired` at the deadline.
 */
async function waitInJourney(
  run: Run,
  f: Frame,
  until: JourneyCondition,
  expired: () => Promise<never>,
): Promise<boolean> {
  if (f.isDetached()) return false;
  const arg = until.condition === 'left' ? until.step : null;
  const held = f.evaluate(
    ([sel, kind, a]) =>
      new Promise<void>((resolve) => {
        const holds = () => {
          const card = document.querySelector(sel);
          const step = card?.getAttribute('data-step') ?? null;
          return kind === 'left' ? step !== a : step !== 'crawler' || card?.querySelector('input#otp') != null;
        };
        if (holds()) return resolve();
        const watch = new MutationObserver(() => {
          if (!holds()) return;
          watch.disconnect();
          resolve();
        });
        watch.observe(document, { subtree: true, childList: true, attributes: true });
      }),
    [CARD, until.condition, arg] as const,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), run.left());
  });
  const outcome = await Promise.race([
    held.then(
      () => 'held' as const,
      () => 'gone' as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (outcome === 'held') return true;
  if (outcome === 'late') return expired();
  // The frame navigated or detached: let a navigation finish before the caller looks again.
  if (!f.isDetached()) await settled(f.waitForLoadState('domcontentloaded', { timeout: run.left() }));
  return false;
}

/** Waits until the journey shows another step than `step` (or its frame went away). */
async function leave(run: Run, f: Frame, step: string | null, what?: string): Promise<void> {
  await waitInJourney(run, f, { condition: 'left', step }, async () => {
    const alert = await f
      .locator(`${CARD} [role=alert]`)
      .allTextContents()
      .catch(() => []);
    return run.expired(what ?? `the journey stayed on step '${step}'${alert.length ? `: ${alert.join(' ')}` : ''}`);
  });
}

async function result(run: Run, f: Frame, step: CompleteJourneyResult['step']): Promise<CompleteJourneyResult> {
  const { vendor, ref } = journeyOf(run, f.url())!;
  const status = await f
    .evaluate(
      async ([path, header]) => {
        const config = JSON.parse(document.getElementById('hj-config')?.textContent ?? '{}');
        const res = await fetch(path, { headers: config.session ? { [header]: config.session } : {} });
        return res.ok ? ((await res.json()) as { application_id?: string; status?: string }) : {};
      },
      [journeyApiPath('status', vendor, ref), JOURNEY_SESSION_HEADER] as const,
    )
    .catch(() => ({}) as { application_id?: string; status?: string });
  return { step, vendor, ref, applicationId: status.application_id, status: status.status };
}

type Timeout = { timeout: number };

async function fillDetails(run: Run, card: Locator, t: Timeout): Promise<void> {
  for (const [id, value] of [
    ['full_name', run.customer.fullName],
    ['email', run.customer.email],
    ['phone', run.customer.phone ?? ''],
  ] as const) {
    const field = card.locator(`input#${id}`);
    if (value && !(await field.inputValue(t))) await field.fill(value, t);
  }
  await card.locator('button[type=submit]').click(t);
}

async function choosePathway(run: Run, card: Locator, t: Timeout): Promise<void> {
  const choice = card.locator(`input[name=pathway][value=${run.pathway}]`);
  if (await choice.count()) await choice.check(t);
  else if ((await card.locator('input[name=pathway]').count()) > 0)
    throw new Error(`completeJourney: bank '${run.bank}' does not offer the ${run.pathway} pathway`);
  await card.locator('button[type=submit]').click(t);
}

/** The bank's page, in a popup or in place of the whole page (redirect strategy): approve or deny there. */
async function authorise(run: Run, journey: Frame, card: Locator, t: Timeout): Promise<void> {
  if (run.pathway !== 'cdr') throw new Error('completeJourney: the journey asks for a CDR consent, not a login');
  const { page } = run;
  let onPopup = (_p: Page) => {};
  // Listening before the click: the popup can open while the click is still being acknowledged.
  const popup = new Promise<Page>((resolve) => {
    onPopup = resolve;
  });
  page.on('popup', onPopup);
  try {
    await card.locator('button[name=continue-to-bank]').click(t);
    const redirected = page.waitForURL(BANK_PAGE, { timeout: run.left() }).then(() => page);
    const bankPage = await Promise.race([popup, redirected]).catch(() => undefined);
    settled(redirected);
    if (!bankPage) return run.expired('the bank page never opened');
    await bankPage.waitForURL(BANK_PAGE, t);
    const decision = run.outcome === 'denied' ? 'deny' : 'approve';
    await bankPage.locator(`button[name=decision][value=${decision}]`).click(t);
    // A popup closes itself; a redirected page comes back to your page (or the unframed journey).
    if (bankPage === page) await page.waitForURL((u) => !BANK_PAGE.test(u.pathname), t);
  } finally {
    page.off('popup', onPopup);
  }
  // Wait for the journey (possibly re-mounted) to move past this step.
  if (!journey.isDetached()) await leave(run, journey, 'authorise');
}

/** The crawler login (and code): resolves with the result when the login is refused as `outcome: 'failed'` asks. */
async function crawlerLogin(run: Run, journey: Frame, card: Locator, t: Timeout) {
  if (run.pathway !== 'crawler') throw new Error('completeJourney: the journey asks for a crawler login, not CDR');
  const otp = card.locator('input#otp');
  if (await otp.count()) {
    await otp.fill('123456', t);
    await card.locator('button[type=submit]').click(t);
    await leave(run, journey, 'crawler');
    return undefined;
  }
  const login = { connected: 'demo', otp: 'otp', failed: 'fail' }[run.outcome as 'connected' | 'otp' | 'failed'];
  await card.locator('input#username').fill(login, t);
  await card.locator('input#password').fill(login, t);
  await card.locator('button[type=submit]').click(t);
  if (run.outcome === 'failed') {
    await card.locator('[role=alert]').waitFor({ state: 'visible', ...t });
    return result(run, journey, 'crawler');
  }
  await waitInJourney(run, journey, { condition: 'login-answered' }, async () =>
    run.expired('the crawler login never answered'),
  );
  return undefined;
}

/**
 * One step of the journey: acts on it, and resolves with the result when the journey ended as expected, `'waited'`
 * when it was between steps, or undefined when it acted.
 */
async function act(
  run: Run,
  journey: Frame,
  step: string | null,
): Promise<CompleteJourneyResult | 'waited' | undefined> {
  const card = journey.locator(CARD);
  const t = { timeout: run.left() };
  switch (step) {
    case 'terms':
      await card.locator('input[name=agree]').check(t);
      await card.locator('button[type=submit]').click(t);
      return undefined;
    case 'details':
      await fillDetails(run, card, t);
      return undefined;
    case 'mygov':
      await card.locator('button[name=skip-mygov]').click(t);
      return undefined;
    case 'banks':
      await card.locator(`button[data-institution="${run.bank}"]`).click(t);
      return undefined;
    case 'bank':
      await choosePathway(run, card, t);
      return undefined;
    case 'authorise':
      await authorise(run, journey, card, t);
      return undefined;
    case 'crawler':
      return crawlerLogin(run, journey, card, t);
    case 'done':
      if (run.outcome === 'denied')
        throw new Error('completeJourney: the journey completed, but a denial was expected');
      return result(run, journey, 'done');
    case 'failed':
      if (run.outcome === 'denied') return result(run, journey, 'failed');
      throw new Error(`completeJourney: the journey failed: ${(await card.innerText().catch(() => '')).trim()}`);
    case 'exited':
      throw new Error('completeJourney: the customer left the journey (Exit)');
    default: // loading, retrieving, or between two steps
      await leave(run, journey, step, `the journey stayed on '${step ?? 'nothing'}'`);
      return 'waited';
  }
}

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
export async function completeJourney(
  page: JourneyPage,
  options: CompleteJourneyOptions,
): Promise<CompleteJourneyResult> {
  // Every Playwright Page is a JourneyPage (the testing-kit consumer checks it against Playwright's own types).
  const run = startRun(page as unknown as Page, options);
  let journey = await findJourney(run);
  for (;;) {
    if (journey.isDetached() || !journeyOf(run, journey.url())) journey = await findJourney(run);
    const step = await stepOf(run, journey);
    const done = await act(run, journey, step);
    if (done === 'waited') continue;
    if (done) return done;
    if (step !== 'authorise' && step !== 'crawler' && !journey.isDetached()) await leave(run, journey, step!);
  }
}
