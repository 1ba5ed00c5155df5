/**
 * The journey's state and what moves it: which step shows, what each step's outcome leads to, and the protocol events
 * emitted at their real moments (`ready` on the first step, `step` on every step, `institution_selected`, `released`,
 * `completed`, `error`, `exit`). The router (router.tsx) renders the step; the steps render themselves (steps/*.tsx).
 * Prewarm: while the widget keeps the journey hidden (`bridge.visible` false) nothing starts an application; the only
 * automatic start (a deep link to a bank with prefill) shows the bank step at once but waits for
 * `bridge.whenVisible()`. Everything else that writes needs the customer's input, which a hidden (inert) frame cannot
 * receive.
 * A `Journey` is made on every render and its actions read that render's state, as Preact closures do: the boot
 * effect keeps the first render's (so a deep link starts with the URL's prefill, and asks for details otherwise).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Pathway } from '../../../protocol/api.js';
import { QUERY, RETURN_TO_QUERY, type JourneyPrefill } from '../../../protocol/url.js';
import type { JourneyRenewalBody } from '../../../protocol/journey-api.js';
import { failureCode, type Institution, type StatusResponse } from './api-client.js';
import { loadPendingConsent, takeBankResult } from './bank-return-channel.js';
import { currentLocale } from './i18n.js';
import { STEP_EVENT_NAMES, type JourneyContext, type Step } from './types.js';
import type { JourneyKey } from './words/en-AU.js';

const RESUMABLE = new Set(['consented', 'crawling', 'released', 'crawled', 'finalised', 'report_ready']);
const HANDSHAKE_WAIT_MS = 1500;

export const denied = (institution?: Institution): Step => ({
  name: 'failed',
  code: 'CONSENT_DENIED',
  recoverable: true,
  institution,
  message: 'The customer did not approve access at the bank.',
  words: 'failed.denied',
});

/** One render's view of the journey: its state, and the actions the router hands to the steps. */
export interface Journey {
  ctx: JourneyContext;
  step: Step | null;
  prefill: JourneyPrefill;
  institutions: Institution[] | undefined;
  loadError: JourneyKey | undefined;
  busy: boolean;
  failure: JourneyKey | undefined;
  summary: StatusResponse | undefined;
  /** Whether an earlier step was shown (then the new step's heading takes focus). */
  focus: boolean;
  refs: JourneyRefs;
  set: {
    prefill: (f: (p: JourneyPrefill) => JourneyPrefill) => void;
    institutions: (list: Institution[]) => void;
    loadError: (words: JourneyKey) => void;
    busy: (busy: boolean) => void;
    failure: (words: JourneyKey | undefined) => void;
    summary: (s: StatusResponse) => void;
    step: (step: Step) => void;
  };
}

interface JourneyRefs {
  applicationId: { current: string | undefined };
  details: { current: JourneyPrefill };
  rendered: { current: number };
  current: { current: Step | null };
  /** Boot decided the first step; a bank result from `resumeJourney()` that arrives later applies itself. */
  booted: { current: boolean };
  resumedDenied: { current: boolean };
  /** Renew mode: the bank's answer the widget handed over after a top-level bank visit, until shown. */
  bankAnswer: { current: string | undefined };
  /** The application start a hidden (prewarmed) deep link deferred until visible, while in flight. */
  starting: { current: Promise<unknown> | undefined };
}

export function useJourney(ctx: JourneyContext): Journey {
  const [step, setStep] = useState<Step | null>(null);
  const [prefill, setPrefill] = useState<JourneyPrefill>(ctx.url.prefill);
  const [institutions, setInstitutions] = useState<Institution[] | undefined>(ctx.config.institutions);
  const [loadError, setLoadError] = useState<JourneyKey>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<JourneyKey>();
  const [summary, setSummary] = useState<StatusResponse>();
  const refs: JourneyRefs = {
    applicationId: useRef<string | undefined>(undefined),
    details: useRef<JourneyPrefill>({}),
    rendered: useRef(0),
    current: useRef<Step | null>(null),
    booted: useRef(false),
    resumedDenied: useRef(false),
    bankAnswer: useRef<string | undefined>(undefined),
    starting: useRef<Promise<unknown> | undefined>(undefined),
  };
  const set = {
    prefill: setPrefill,
    institutions: setInstitutions,
    loadError: setLoadError,
    busy: setBusy,
    failure: setFailure,
    summary: setSummary,
    step: setStep,
  };
  const focus = refs.rendered.current > 0;
  const journey: Journey = { ctx, step, prefill, institutions, loadError, busy, failure, summary, focus, refs, set };

  useEffect(() => boot(journey), []);
  // Protocol events for the step now on screen: a layout effect runs as soon as the step is in the DOM, not a frame
  // later as useEffect would (which cost every step, and `ready`, ~16 ms).
  useLayoutEffect(() => emitStepEvents(journey), [step]);
  return journey;
}

export function go(j: Journey, next: Step): void {
  j.refs.current.current = next;
  j.set.failure(undefined);
  j.set.busy(false);
  j.set.step(next);
}

/**
 * Tells the service the step now shown (and the error it shows), for its record of the journey session; a prewarmed
 * journey's, once the widget shows it (a session begins when the customer sees the journey).
 */
export function reportStep({ ctx: { api, bridge } }: Journey, step: string, error?: string): void {
  const send = () => void api.step({ step, ...(error ? { error } : {}) }).catch(() => undefined);
  if (bridge.visible) send();
  else void bridge.whenVisible().then(send);
}

function emitStepEvents(j: Journey): void {
  const {
    step,
    ctx: { bridge },
    refs,
  } = j;
  if (!step) return;
  const name = STEP_EVENT_NAMES[step.name];
  reportStep(j, name, step.name === 'failed' ? step.code : undefined);
  if (refs.rendered.current++ === 0) bridge.emit('ready', { step: name });
  bridge.emit('step', { step: name });
  if (step.name === 'failed')
    bridge.emit('error', { code: step.code, message: step.message, recoverable: step.recoverable });
  if (step.name === 'done') bridge.emit('completed', { applicationId: step.applicationId });
  if (step.name === 'renewed') {
    const { application_id, consent_id, sharing_expires_at } = step.renewal;
    bridge.emit('completed', {
      applicationId: application_id,
      consentId: consent_id,
      ...(sharing_expires_at !== null ? { sharingExpiresAt: sharing_expires_at } : {}),
    });
  }
}

/** Boot: handshake (for prefill), the return from a top-level bank visit, or an application already under way. */
function boot(j: Journey): () => void {
  const { bridge } = j.ctx;
  // After a top-level bank visit the widget re-opens the journey and hands over the bank's answer (resumeJourney()).
  const offResult = bridge.on('bank_authorisation_result', ({ status }) => {
    if (j.refs.current.current?.name === 'authorise') return; // the authorise step handles its own answer
    bridge.emit('bank_authorisation_completed', { status });
    if (j.ctx.url.renewConsent) {
      // Renew mode shows the answer with the consent as it is now: when it boots, or now if it already has.
      j.refs.bankAnswer.current = status;
      if (j.refs.booted.current) void renewFrom(j);
      return;
    }
    if (status !== 'denied') return; // authorised: /status says consented, boot resumes at 'retrieving'
    if (j.refs.booted.current) go(j, denied());
    else j.refs.resumedDenied.current = true;
  });
  void (j.ctx.url.renewConsent ? renewFrom(j) : firstStep(j));
  const offClose = bridge.onClose(() => leave(j));
  return () => {
    offClose();
    offResult();
  };
}

async function firstStep(j: Journey): Promise<void> {
  const { config, url, bridge, api } = j.ctx;
  // The shell carries the status, so the first step renders (and `ready` fires) without waiting for a request;
  // without it, the request starts now rather than after the handshake.
  const statusRequest = config.status !== undefined ? Promise.resolve(config.status) : api.status().catch(() => null);
  if (bridge.framed) {
    const hello = await Promise.race([
      bridge.connected.catch(() => undefined),
      new Promise<undefined>((r) => setTimeout(r, HANDSHAKE_WAIT_MS)),
    ]);
    const handed = hello?.prefill ?? bridge.prefill;
    if (handed) j.set.prefill((p) => ({ ...p, ...handed }));
    // Prewarmed: the widget sends the prefill only with `visible` (on open()); the details step fills the fields the
    // customer has not typed in yet.
    if (!bridge.visible) void bridge.whenVisible().then(() => j.set.prefill((p) => ({ ...p, ...bridge.prefill })));
  }
  let list = config.institutions;
  if (!list?.length) {
    list = await api.institutions().catch(() => undefined);
    if (list) j.set.institutions(list);
    else j.set.loadError('banks.loadError');
  }
  const pending = loadPendingConsent(config.vendor, config.ref);
  const returned = takeBankResult(config.vendor, config.ref);
  const pendingInstitution = list?.find((i) => i.id === pending?.institutionId);
  if (returned)
    return go(
      j,
      returned.status === 'authorised'
        ? { name: 'retrieving', institution: pendingInstitution }
        : denied(pendingInstitution),
    );
  const status = await statusRequest;
  j.refs.booted.current = true;
  if (status) j.refs.applicationId.current = status.application_id;
  if (j.refs.resumedDenied.current) return go(j, denied());
  if (status && RESUMABLE.has(status.status)) return go(j, { name: 'retrieving' });
  const deepInstitution = url.institutionId ? list?.find((i) => i.id === url.institutionId) : undefined;
  if (deepInstitution) return void select(j, deepInstitution);
  if (url.startAt === 'banks') return go(j, { name: 'banks' });
  if (url.startAt === 'mygov') return go(j, { name: 'mygov' });
  go(j, { name: 'terms' });
}

export async function select(j: Journey, institution: Institution): Promise<void> {
  const { bridge, api } = j.ctx;
  if (!j.refs.applicationId.current) {
    const known = { ...j.prefill, ...j.refs.details.current };
    if (!known.fullName || !known.email) return go(j, { name: 'details', then: institution });
    // Prewarmed and hidden (a deep link with prefill): show the bank step now, so `ready` fires while hidden, but
    // start the application only once the widget says `visible`; choosePathway waits for that start.
    if (!bridge.visible) go(j, { name: 'bank', institution });
    const start = bridge.whenVisible().then(() =>
      api.start({
        full_name: known.fullName!,
        email: known.email!,
        ...(known.phone ? { phone: known.phone } : {}),
      }),
    );
    j.refs.starting.current = start;
    try {
      j.refs.applicationId.current = (await start).application_id;
    } catch {
      return go(j, { name: 'details', then: institution });
    } finally {
      j.refs.starting.current = undefined;
    }
  }
  go(j, { name: 'bank', institution });
}

/**
 * The consent returns via our bank-return page, carrying the journey's `locale` so that page speaks the journey's
 * language (the bank hands back none). Framed by a widget that named its return page, also `return_to` and `channel`,
 * so a top-level bank visit (redirect strategy, or a blocked popup) can come back to the integrator. A popup's
 * bank-return page answers its opener and ignores them.
 */
function returnTo({ ctx: { bridge, url, config } }: Journey): { return_url: string; parent_origin?: string } {
  const r = new URL(
    `/i/${encodeURIComponent(config.vendor)}/${encodeURIComponent(config.ref)}/bank-return`,
    location.href,
  );
  r.searchParams.set(QUERY.locale, currentLocale());
  // In an app: the bank's answer goes back to the app's return link (its origin registered like a parent origin).
  if (bridge.native) {
    r.searchParams.set(RETURN_TO_QUERY, bridge.native.returnUrl);
    r.searchParams.set(QUERY.channel, bridge.native.channel);
    return { return_url: r.href, parent_origin: new URL(bridge.native.returnUrl).origin };
  }
  const back = bridge.bankAuthorisation?.returnUrl;
  if (!bridge.framed || !back || !url.parentOrigin || !url.channel) return { return_url: r.href };
  r.searchParams.set(RETURN_TO_QUERY, back);
  r.searchParams.set(QUERY.channel, url.channel);
  return { return_url: r.href, parent_origin: url.parentOrigin };
}

export async function choosePathway(j: Journey, institution: Institution, pathway: Pathway): Promise<void> {
  const { bridge, api } = j.ctx;
  j.set.busy(true);
  j.set.failure(undefined);
  try {
    await j.refs.starting.current;
    await api.institution({ institution_id: institution.id, pathway });
    bridge.emit('institution_selected', { institutionId: institution.id, name: institution.name, pathway });
    if (pathway === 'crawler') return go(j, { name: 'crawler', institution });
    const consent = await api.consent({ ...returnTo(j), locale: currentLocale() });
    go(j, { name: 'authorise', institution, consentId: consent.consent_id, consentUrl: consent.consent_url });
  } catch (e) {
    failed(j, e);
  }
}

/** A call failed on the step shown: its words on the step, its code in the session's record. */
function failed(j: Journey, e: unknown): void {
  const code = failureCode(e);
  j.set.busy(false);
  j.set.failure(`api.${code}`);
  const shown = j.refs.current.current;
  if (shown) reportStep(j, STEP_EVENT_NAMES[shown.name], code);
}

export function exit(j: Journey): void {
  j.ctx.bridge.emit('exit', { reason: 'user_cancelled' });
  leave(j);
}

/** The customer left (Exit, or the widget closed): in renew mode a renewal still at the bank is cancelled. */
function leave(j: Journey): void {
  const id = j.ctx.url.renewConsent;
  if (id) void j.ctx.api.cancelRenewal(id).catch(() => undefined);
  go(j, { name: 'exited' });
}

const renewalDenied = (renewal: JourneyRenewalBody): Step => ({
  name: 'failed',
  code: 'CONSENT_DENIED',
  recoverable: true,
  renewal,
  message: 'The customer did not approve the renewal at the bank; the consent is unchanged.',
  words: 'renew.denied',
});

/**
 * Renew mode's first step (and its resume): the consent as it is now. After a bank visit that answered, the
 * outcome — a renewal approved moved the consent's date, a denial left it as it was; otherwise the renew step.
 */
export async function renewFrom(j: Journey): Promise<void> {
  const { api, url, config } = j.ctx;
  const stored = takeBankResult(config.vendor, config.ref)?.status;
  let renewal: JourneyRenewalBody;
  try {
    renewal = await api.renewal(url.renewConsent!);
  } catch (e) {
    const code = failureCode(e);
    const message = `consent ${url.renewConsent} cannot be renewed here (${code})`;
    return go(j, { name: 'failed', code, recoverable: false, message, words: 'renew.notRenewable' });
  }
  // Read after the request: the widget's bank_authorisation_result (a redirect's return) may arrive while it runs.
  const answered = stored ?? j.refs.bankAnswer.current;
  j.refs.bankAnswer.current = undefined;
  j.refs.booted.current = true;
  j.refs.applicationId.current = renewal.application_id;
  if (answered === 'denied') return go(j, renewalDenied(renewal));
  if (!renewal.renewable) {
    const message = `consent ${renewal.consent_id} is ${renewal.status}; it cannot be renewed`;
    return go(j, {
      name: 'failed',
      code: 'CONSENT_NOT_ACTIVE',
      recoverable: false,
      message,
      words: 'renew.notRenewable',
    });
  }
  if (answered === 'authorised') return go(j, { name: 'renewed', renewal });
  go(j, { name: 'renew', renewal });
}

/** Renew mode: the renewal request (for the period chosen), then the bank. */
export async function startRenewal(j: Journey, renewal: JourneyRenewalBody, sharingDays: number): Promise<void> {
  j.set.busy(true);
  j.set.failure(undefined);
  try {
    const body = { sharing_days: sharingDays, ...returnTo(j), locale: currentLocale() };
    const r = await j.ctx.api.renew(renewal.consent_id, body);
    const institution = { ...renewal.institution, pathways: ['cdr' as const] };
    go(j, { name: 'authorise', institution, consentId: r.consent_id, consentUrl: r.consent_url, renewal });
  } catch (e) {
    failed(j, e);
  }
}

/** Renew mode: the bank answered the renewal. Approved: the consent as it is now (its new date); denied: unchanged. */
export async function renewalAnswered(j: Journey, renewal: JourneyRenewalBody, status: string): Promise<void> {
  if (status !== 'authorised') return go(j, renewalDenied(renewal));
  const now = await j.ctx.api.renewal(renewal.consent_id).catch(() => renewal);
  go(j, { name: 'renewed', renewal: now });
}
