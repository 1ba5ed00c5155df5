/**
 * The open-banking lifecycle, shared by the signed API, the journey-facing API and the bank pages:
 * start → institution → consent (cdr) or crawler login → crawl → crawled → finalise → report ready.
 */
import { consentIsLive, RESUME_QUERY, type CrawlerLifecycleStatus, type Pathway } from '../../protocol/index.js';
import type { Locale } from '../../protocol/locale.js';
import type { SandboxContext } from './context.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError } from './errors.js';
import { CRAWLER_LOGINS, findInstitution } from '../data/institutions.js';
import { generateBankData, type BankData } from '../data/generate.js';
import { newId, type Application, type Consent } from './state.js';
import { decide, openConsent, shareAccounts } from './consents.js';

/** Statuses after which the institution can no longer change. */
const LOCKED = new Set(['consented', 'crawling', 'released', 'crawled', 'finalised', 'report_ready']);

export interface StartFields {
  full_name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  days_to_retrieve?: number | undefined;
  analysis?: boolean | undefined;
  /** The journey's `collect` values: `analysis` and `account_owner` switch those on (never off). */
  collect?: readonly string[] | undefined;
}

const IDENTITY = ['full_name', 'email', 'phone'] as const;

/**
 * The applicant's identity is fixed for the journey once the application has moved past `started`: a journey start
 * that would change the name, e-mail or phone then is refused (409 `IDENTITY_LOCKED`); the same values again are
 * accepted. The journey's session credential proves only that a page of this journey asked (anyone can load one), so
 * it may not rewrite an applicant; the owner's signed profile call may still correct its own record.
 */
function checkIdentity(app: Application, fields: StartFields): void {
  if (app.status === 'started') return;
  const changed = IDENTITY.filter((k) => fields[k] !== undefined && fields[k] !== app[k]);
  if (changed.length === 0) return;
  throw new SandboxHttpError(
    E.IDENTITY_LOCKED,
    `the application is ${app.status}; the applicant (${changed.join(', ')}) can no longer change. ` +
      'Start a new application with another ref for another applicant.',
  );
}

/**
 * Creates the application for vendor/ref, or updates and returns the existing one. `owner` is the token of the signed
 * call (it sees only its own applications); without one (the journey), the application the journey pages act on,
 * created as the sandbox's first token's.
 */
export function startApplication(
  ctx: SandboxContext,
  { vendor, ref, owner }: { vendor: string; ref: string; owner?: string | undefined },
  fields: StartFields,
): Application {
  let app = ctx.state.findByRef(vendor, ref, owner);
  if (app && owner === undefined) checkIdentity(app, fields);
  else if (!app) {
    const tokenId = owner ?? ctx.tokens[0]!.tokenId;
    app = {
      id: newId('app'),
      vendor,
      ref,
      owner: tokenId,
      status: 'started',
      institution: null,
      analysis: false,
      account_owner: false,
      created_at: ctx.clock(tokenId).now().toISOString(),
      crawler: null,
      data: null,
    };
    ctx.state.addApplication(app);
  }
  if (fields.full_name !== undefined) app.full_name = fields.full_name;
  if (fields.email !== undefined) app.email = fields.email;
  if (fields.phone !== undefined) app.phone = fields.phone;
  if (fields.days_to_retrieve !== undefined) app.days_to_retrieve = fields.days_to_retrieve;
  if (fields.analysis !== undefined) app.analysis = fields.analysis;
  applyCollect(app, fields.collect);
  return app;
}

/** The journey URL's `collect` [doc]: `analysis` and `account_owner` add those events; nothing switches them off. */
export function applyCollect(app: Application, collect: readonly string[] | undefined): void {
  if (collect?.includes('analysis')) app.analysis = true;
  if (collect?.includes('account_owner')) app.account_owner = true;
}

/** The application at vendor/ref (`owner`'s own when a token asks), or 409 `APPLICATION_NOT_STARTED`. */
export function requireApplication(ctx: SandboxContext, vendor: string, ref: string, owner?: string): Application {
  const app = ctx.state.findByRef(vendor, ref, owner);
  if (!app)
    throw new SandboxHttpError(
      E.APPLICATION_NOT_STARTED,
      `no application for ${vendor}/${ref} yet: start it with the profile call first`,
    );
  return app;
}

/** An institution to attach, by pathway (default: the institution's first); `field` names the body field for 422s. */
export interface InstitutionChoice {
  institutionId: string;
  pathway?: Pathway | undefined;
  field?: string;
}

/** Attaches an institution to the application. */
export function attachInstitution(
  ctx: SandboxContext,
  app: Application,
  { institutionId, pathway, field = 'bank_id' }: InstitutionChoice,
): Application {
  const inst = findInstitution(institutionId);
  if (!inst) throw fieldError(field, `unknown institution '${institutionId}'`);
  const chosen = pathway ?? inst.pathways[0]!;
  if (!inst.pathways.includes(chosen))
    throw fieldError('pathway', `${inst.name} supports ${inst.pathways.join(', ')} only`);
  if (LOCKED.has(app.status)) {
    throw new SandboxHttpError(
      E.INSTITUTION_LOCKED,
      `the application is ${app.status}; its institution can no longer change`,
    );
  }
  app.institution = { id: inst.id, name: inst.name, pathway: chosen };
  app.status = 'institution_selected';
  app.crawler = null;
  crawlerTimers.get(app)?.();
  if (chosen === 'crawler') createSeed(ctx, app);
  return app;
}

export interface ConsentRequest {
  bankId?: string | undefined;
  returnUrl: string;
  state?: string | undefined;
  sharingDays?: number | undefined;
  /** The id of the application's consent this request renews. */
  renews?: string | undefined;
  /** The language the customer's journey negotiated, when a journey asks. */
  locale?: Locale | undefined;
  /** An app's journey asks: its return link with the journey's channel (`Consent.app_return`). */
  appReturn?: string | undefined;
}

/** Creates a CDR consent (or a renewal of one) and its bank authorisation URL. */
export function createConsent(ctx: SandboxContext, app: Application, req: ConsentRequest): Consent {
  if (req.renews !== undefined) return createRenewal(ctx, app, req);
  if (req.bankId !== undefined && req.bankId !== app.institution?.id)
    attachInstitution(ctx, app, { institutionId: req.bankId, pathway: 'cdr' });
  if (!app.institution)
    throw new SandboxHttpError(
      E.NO_INSTITUTION,
      'attach an institution (profile with bank_id) before creating a consent',
    );
  if (app.institution.pathway !== 'cdr') {
    throw new SandboxHttpError(
      E.PATHWAY_MISMATCH,
      `the application uses the ${app.institution.pathway} pathway; consents are for cdr`,
    );
  }
  if (LOCKED.has(app.status))
    throw new SandboxHttpError(E.INSTITUTION_LOCKED, `the application is already ${app.status}`);
  const consent = openConsent(ctx, app, {
    institutionId: app.institution.id,
    returnUrl: req.returnUrl,
    state: req.state,
    sharingDays: req.sharingDays,
    locale: req.locale,
    appReturn: req.appReturn,
  });
  app.status = 'consent_pending';
  return consent;
}

/** A renewal: same institution and accounts; the application and its data stay as they are meanwhile. */
function createRenewal(ctx: SandboxContext, app: Application, req: ConsentRequest): Consent {
  const renewed = ctx.state.consents.get(req.renews!);
  if (!renewed || renewed.application_id !== app.id || renewed.renews !== undefined)
    throw new SandboxHttpError(E.CONSENT_NOT_FOUND, `no consent '${req.renews}' for this customer`);
  if (!consentIsLive(renewed.status) && renewed.status !== 'expired')
    throw new SandboxHttpError(E.CONSENT_NOT_ACTIVE, `the consent is ${renewed.status}; it cannot be renewed`);
  if (req.bankId !== undefined && req.bankId !== renewed.institution_id)
    throw fieldError('bank_id', 'a renewal keeps the institution of the consent it renews');
  return openConsent(ctx, app, {
    institutionId: renewed.institution_id,
    returnUrl: req.returnUrl,
    state: req.state,
    sharingDays: req.sharingDays,
    renews: renewed,
    locale: req.locale,
    appReturn: req.appReturn,
  });
}

export function consentUrl(ctx: SandboxContext, consent: Consent): string {
  const bank = encodeURIComponent(consent.institution_id);
  return `${ctx.origin()}/bank/${bank}/authorise?consent_id=${encodeURIComponent(consent.id)}`;
}

/** The bank's decision. Returns the URL the customer goes back to. */
export function decideConsent(ctx: SandboxContext, consent: Consent, approve: boolean): string {
  const app = ctx.state.applications.get(consent.application_id)!;
  const first = consent.renews === undefined;
  const authorised = decide(ctx, consent, approve);
  if (authorised) {
    app.status = 'consented';
    runCrawl(ctx, app);
  } else if (first) {
    app.status = 'denied';
  }
  // A bank with an app [ours]: an app's journey gets its answer at the app's return link, straight from the bank.
  if (consent.app_return !== undefined) {
    const link = new URL(consent.app_return);
    link.searchParams.set(RESUME_QUERY.status, approve ? 'authorised' : 'denied');
    return link.toString();
  }
  const back = new URL(consent.return_url);
  back.searchParams.set('consent_id', consent.id);
  back.searchParams.set('status', approve ? 'authorised' : 'denied');
  if (consent.state !== undefined) back.searchParams.set('state', consent.state);
  return back.toString();
}

/**
 * 409 `CONSENT_EXPIRED` / `CONSENT_REVOKED` when the application's data came under a consent that ended: no more data
 * is pulled under it (the error body names the consent and its status).
 */
export function requireLiveConsent(ctx: SandboxContext, app: Application): void {
  const consent = app.consent_id === undefined ? undefined : ctx.state.consents.get(app.consent_id);
  if (!consent || consentIsLive(consent.status)) return;
  const code = consent.status === 'revoked' ? E.CONSENT_REVOKED : E.CONSENT_EXPIRED;
  throw new SandboxHttpError(
    code,
    `consent ${consent.id} is ${consent.status}: no more data can be pulled under it; renew it (expired) or ask ` +
      'the customer for a new one',
    undefined,
    { consent: { consent_id: consent.id, status: consent.status } },
  );
}

/**
 * What the journey API answers to a login or a code: the `crawler.lifecycle_updated` status [doc] it ended in.
 * RELEASED: connected, no further input; AUTH: a one-time code is needed; FAILED: refused, try again;
 * TIMEDOUT: the code came after the seed gave up waiting (log in again).
 */
export type CrawlerResult = { status: 'RELEASED' | 'AUTH' | 'FAILED' | 'TIMEDOUT'; message?: string };

/** Cancels the pending TIMEDOUT of an application's crawler seed. */
const crawlerTimers = new WeakMap<Application, () => void>();

/** The crawler pathway starts: a seed [doc `crawler.seed_created`] that waits for the customer's credentials. */
function createSeed(ctx: SandboxContext, app: Application): void {
  const seed = { seed_id: newId('seed'), waiting: 'credentials' as const };
  app.crawler = seed;
  ctx.emit(app, 'crawler.seed_created', { seed_id: seed.seed_id, institution_id: app.institution!.id });
  awaitCustomer(ctx, app);
}

/** (Re)arms TIMEDOUT: the seed gives up when the customer sends nothing within `crawlerTimeoutMs`. */
function awaitCustomer(ctx: SandboxContext, app: Application): void {
  const seed = app.crawler!;
  crawlerTimers.get(app)?.();
  crawlerTimers.set(
    app,
    ctx.clock(app.owner).later(ctx.crawlerTimeoutMs, () => {
      if (app.crawler !== seed || (seed.waiting !== 'credentials' && seed.waiting !== 'code')) return;
      seed.waiting = 'timedout';
      crawlerTimers.delete(app);
      lifecycle(ctx, app, 'TIMEDOUT', 'No credentials were entered in time.');
      ctx.emit(app, 'application.abandoned', { reason: 'crawler_timedout' });
    }),
  );
}

function lifecycle(ctx: SandboxContext, app: Application, status: CrawlerLifecycleStatus, message?: string): void {
  ctx.emit(app, 'crawler.lifecycle_updated', {
    status,
    seed_id: app.crawler!.seed_id,
    ...(message !== undefined ? { message } : {}),
  });
}

/** The seed has the customer's input: no TIMEDOUT now; QUEUED (logins only), then PROCESSING. */
function working(ctx: SandboxContext, app: Application, queued: boolean): void {
  crawlerTimers.get(app)?.();
  crawlerTimers.delete(app);
  if (queued) lifecycle(ctx, app, 'QUEUED');
  lifecycle(ctx, app, 'PROCESSING');
}

function refused(ctx: SandboxContext, app: Application, message: string): CrawlerResult {
  app.crawler!.waiting = 'credentials';
  lifecycle(ctx, app, 'FAILED', message);
  awaitCustomer(ctx, app);
  return { status: 'FAILED', message };
}

/** The customer's login at a crawler institution. */
export function crawlerLogin(
  ctx: SandboxContext,
  app: Application,
  { institutionId, username, password }: { institutionId: string; username: string; password: string },
): CrawlerResult {
  if (app.institution?.id !== institutionId || app.institution.pathway !== 'crawler') {
    attachInstitution(ctx, app, { institutionId, pathway: 'crawler', field: 'institution_id' });
  }
  if (LOCKED.has(app.status))
    throw new SandboxHttpError(E.INSTITUTION_LOCKED, `the application is already ${app.status}`);
  // A seed that timed out (or none yet): logging in starts a fresh one.
  if (!app.crawler || app.crawler.waiting === 'timedout') createSeed(ctx, app);
  working(ctx, app, true);
  const { connected, otp } = CRAWLER_LOGINS;
  if (username === connected.username && password === connected.password) return connectCrawler(ctx, app);
  if (username === otp.username && password === otp.password) {
    const message = `Enter the one-time code sent to your phone (sandbox: ${otp.code}).`;
    app.crawler!.waiting = 'code';
    lifecycle(ctx, app, 'AUTH', message);
    awaitCustomer(ctx, app);
    return { status: 'AUTH', message };
  }
  return refused(ctx, app, 'The username or password is incorrect.');
}

export function crawlerOtp(ctx: SandboxContext, app: Application, code: string): CrawlerResult {
  if (app.crawler?.waiting === 'timedout')
    return { status: 'TIMEDOUT', message: 'The code did not arrive in time. Please log in again.' };
  if (app.crawler?.waiting !== 'code')
    throw new SandboxHttpError(E.OTP_NOT_REQUESTED, 'no one-time code was requested: log in first');
  working(ctx, app, false);
  if (code !== CRAWLER_LOGINS.otp.code) return refused(ctx, app, 'The one-time code is incorrect.');
  return connectCrawler(ctx, app);
}

function connectCrawler(ctx: SandboxContext, app: Application): CrawlerResult {
  app.crawler!.waiting = 'released';
  app.status = 'consented';
  runCrawl(ctx, app);
  return { status: 'RELEASED' };
}

/** The bank data last made for each application, and what it was made for (institution, last day, days). */
const lastBankData = new WeakMap<Application, { made: string; data: BankData }>();

/**
 * The bank data of `app` at `institutionId`, up to its owner's clock now (`days` of it: the generator's default when
 * absent): what the crawl retrieves, and the accounts the bank's consent page lists, from the same generator. The
 * generator is pure and its data is only read, so the crawl after a consent page on the same day reuses the page's.
 */
export function bankDataNow(ctx: SandboxContext, app: Application, institutionId: string, days?: number): BankData {
  const endDate = ctx.clock(app.owner).now();
  const made = `${institutionId} ${endDate.toISOString().slice(0, 10)} ${days || ''}`;
  const last = lastBankData.get(app);
  if (last?.made === made) return last.data;
  const { seed } = ctx;
  const data = generateBankData({
    seed,
    vendor: app.vendor,
    ref: app.ref,
    institutionId,
    endDate,
    ...(days ? { days } : {}),
  });
  lastBankData.set(app, { made, data });
  return data;
}

/** crawling → (released: crawler, no further customer input) → after crawlDelayMs: crawled. */
function runCrawl(ctx: SandboxContext, app: Application): void {
  app.status = 'crawling';
  if (app.institution?.pathway === 'crawler') {
    app.status = 'released';
    lifecycle(ctx, app, 'RELEASED');
  }
  ctx.clock(app.owner).later(ctx.crawlDelayMs, () => {
    const data = bankDataNow(ctx, app, app.institution!.id, app.days_to_retrieve);
    app.data = data;
    app.status = 'crawled';
    const consent = app.consent_id === undefined ? undefined : ctx.state.consents.get(app.consent_id);
    if (consent)
      shareAccounts(
        consent,
        data.accounts.map((a) => a.account_id),
      );
    ctx.emit(app, 'account.numbers_ready', {
      accounts: data.accounts.map((a) => ({ account_id: a.account_id, bsb: a.bsb, account_number: a.account_number })),
    });
    ctx.emit(app, 'account.balances_ready', {
      accounts: data.accounts.map((a) => ({
        account_id: a.account_id,
        current: a.current_balance,
        available: a.available_balance,
      })),
    });
    if (app.account_owner) {
      const owner = { name: app.full_name ?? 'Sandbox Customer', address: '1 Sandbox Street, Sydney NSW 2000' };
      ctx.emit(app, 'account.account_owner', {
        accounts: data.accounts.map((a) => ({ account_id: a.account_id, owners: [owner] })),
      });
    }
    ctx.emit(app, 'crawl.completed', { accounts: data.accounts.length, transactions: data.transactions.length });
    // The data is in: a journey session still open completes (one run without a page never shows its last step).
    ctx.recorder.dataIn(app);
  });
}

/**
 * Finalise: only once data is retrieved; repeating it is harmless (webhook duplicates make integrators call it twice).
 */
export function finalise(ctx: SandboxContext, app: Application): Application {
  requireLiveConsent(ctx, app);
  if (app.status === 'finalised' || app.status === 'report_ready') return app;
  if (app.status !== 'crawled' || !app.data) {
    throw new SandboxHttpError(
      E.DATA_NOT_RETRIEVED,
      `data is not retrieved yet (status ${app.status}); finalise after crawl.completed`,
    );
  }
  app.status = 'finalised';
  ctx.clock(app.owner).later(0, () => {
    app.status = 'report_ready';
    const data = app.data!;
    ctx.emit(app, 'application.documents_ready', {
      formats: ['pdf', 'csv', 'json'],
      documents: data.accounts.map((a) => ({
        account_id: a.account_id,
        kind: 'statement',
        from: data.period.from,
        to: data.period.to,
      })),
    });
    ctx.emit(app, 'application.report_ready', { formats: ['pdf', 'csv', 'json'] });
    if (app.analysis) ctx.emit(app, 'analysis.report_ready', {});
    ctx.emit(app, 'application.completed', {});
  });
  return app;
}

/**
 * The application as the journey API returns it: only what the journey page shows or already knows. Never the
 * stored name, email or phone — those may come from the integrator, and the journey URL is not a secret.
 */
export function journeyApplicationView(app: Application): Record<string, unknown> {
  return { application_id: app.id, status: app.status, institution: app.institution };
}

/** The application as the signed API returns it. */
export function applicationView(ctx: SandboxContext, app: Application): Record<string, unknown> {
  return {
    application_id: app.id,
    vendor: app.vendor,
    ref: app.ref,
    status: app.status,
    institution: app.institution,
    journey_url: `${ctx.origin()}/i/${encodeURIComponent(app.vendor)}/${encodeURIComponent(app.ref)}`,
    created_at: app.created_at,
    full_name: app.full_name ?? null,
    email: app.email ?? null,
    phone: app.phone ?? null,
    analysis: app.analysis,
  };
}
