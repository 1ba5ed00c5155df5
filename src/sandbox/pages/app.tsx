/**
 * The journey's controller: which step shows, what each step's outcome leads to, and the protocol events emitted at
 * their real moments (`ready` on the first step, `step` on every step, `institution_selected`, `released`,
 * `completed`, `error`, `exit`). Steps render themselves (steps/*.tsx).
 * Prewarm: while the widget keeps the journey hidden (`bridge.visible` false) nothing starts an application; the only
 * automatic start (a deep link to a bank with prefill) shows the bank step at once but waits for
 * `bridge.whenVisible()`. Everything else that writes needs the customer's input, which a hidden (inert) frame cannot
 * receive.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Pathway } from '../../protocol/api.js';
import { QUERY, RETURN_TO_QUERY, type JourneyPrefill } from '../../protocol/url.js';
import { isJourneyApiError, type Institution, type StatusResponse } from './journey-api-client.js';
import { loadPendingConsent, takeBankResult } from './bank-return-channel.js';
import { AuthoriseStep } from './steps/authorise.js';
import { BankStep, BanksStep } from './steps/banks.js';
import { CrawlerStep } from './steps/crawler.js';
import { DetailsStep, MyGovStep, TermsStep } from './steps/intro.js';
import { DoneStep, ExitedStep, FailedStep, RetrievingStep } from './steps/outcome.js';
import { STEP_EVENT_NAMES, type JourneyContext, type Step } from './types.js';
import { vendorDisplayName } from '../../protocol/journey-copy.js';
import { Button } from './ui.js';

const RESUMABLE = new Set(['consented', 'crawling', 'released', 'crawled', 'finalised', 'report_ready']);
const HANDSHAKE_WAIT_MS = 1500;
const STAGES = [
  { label: 'Your details', steps: ['terms', 'details', 'mygov'] },
  { label: 'Your bank', steps: ['banks', 'bank'] },
  { label: 'Connect', steps: ['authorise', 'crawler', 'failed'] },
  { label: 'Finish', steps: ['retrieving', 'done'] },
];

const denied = (institution?: Institution): Step => ({
  name: 'failed',
  code: 'CONSENT_DENIED',
  recoverable: true,
  institution,
  message: 'You did not approve access at your bank, so nothing was shared. You can try again or choose another bank.',
});

export function JourneyApp({ ctx }: { ctx: JourneyContext }) {
  const { config, url, bridge, api } = ctx;
  const vendorName = vendorDisplayName(config.vendor);
  const [step, setStep] = useState<Step | null>(null);
  const [prefill, setPrefill] = useState<JourneyPrefill>(url.prefill);
  const [institutions, setInstitutions] = useState<Institution[] | undefined>(config.institutions);
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [summary, setSummary] = useState<StatusResponse>();
  const applicationId = useRef<string | undefined>(undefined);
  const details = useRef<JourneyPrefill>({});
  const rendered = useRef(0);
  const current = useRef<Step | null>(null);
  /** Boot decided the first step; a bank result from `resumeJourney()` that arrives later applies itself. */
  const booted = useRef(false);
  const resumedDenied = useRef(false);
  /** The application start a hidden (prewarmed) deep link deferred until visible, while in flight. */
  const starting = useRef<Promise<unknown> | undefined>(undefined);

  const go = (next: Step) => {
    current.current = next;
    setFailure(undefined);
    setBusy(false);
    setStep(next);
  };

  // Boot: handshake (for prefill), the return from a top-level bank visit, or an application already under way.
  useEffect(() => {
    // After a top-level bank visit the widget re-opens the journey and hands over the bank's answer (resumeJourney()).
    const offResult = bridge.on('bank_authorisation_result', ({ status }) => {
      if (current.current?.name === 'authorise') return; // the authorise step handles its own answer
      bridge.emit('bank_authorisation_completed', { status });
      if (status !== 'denied') return; // authorised: /status says consented, boot resumes at 'retrieving'
      if (booted.current) go(denied());
      else resumedDenied.current = true;
    });
    void (async () => {
      // The shell carries the status, so the first step renders (and `ready` fires) without waiting for a request;
      // without it, the request starts now rather than after the handshake.
      const statusRequest =
        config.status !== undefined ? Promise.resolve(config.status) : api.status().catch(() => null);
      if (bridge.framed) {
        const hello = await Promise.race([
          bridge.connected.catch(() => undefined),
          new Promise<undefined>((r) => setTimeout(r, HANDSHAKE_WAIT_MS)),
        ]);
        const handed = hello?.prefill ?? bridge.prefill;
        if (handed) setPrefill((p) => ({ ...p, ...handed }));
      }
      let list = config.institutions;
      if (!list?.length) {
        list = await api.institutions().catch(() => undefined);
        if (list) setInstitutions(list);
        else setLoadError('We could not load the list of banks. Please refresh the page.');
      }
      const pending = loadPendingConsent(config.vendor, config.ref);
      const returned = takeBankResult(config.vendor, config.ref);
      const pendingInstitution = list?.find((i) => i.id === pending?.institutionId);
      if (returned)
        return go(
          returned.status === 'authorised'
            ? { name: 'retrieving', institution: pendingInstitution }
            : denied(pendingInstitution),
        );
      const status = await statusRequest;
      booted.current = true;
      if (status) applicationId.current = status.application_id;
      if (resumedDenied.current) return go(denied());
      if (status && RESUMABLE.has(status.status)) return go({ name: 'retrieving' });
      const deepInstitution = url.institutionId ? list?.find((i) => i.id === url.institutionId) : undefined;
      if (deepInstitution) return void select(deepInstitution);
      if (url.startAt === 'banks') return go({ name: 'banks' });
      if (url.startAt === 'mygov') return go({ name: 'mygov' });
      go({ name: 'terms' });
    })();
    const offClose = bridge.onClose(() => go({ name: 'exited' }));
    return () => {
      offClose();
      offResult();
    };
  }, []);

  // Protocol events for the step now on screen: a layout effect runs as soon as the step is in the DOM, not a frame
  // later as useEffect would (which cost every step, and `ready`, ~16 ms).
  useLayoutEffect(() => {
    if (!step) return;
    const name = STEP_EVENT_NAMES[step.name];
    if (rendered.current++ === 0) bridge.emit('ready', { step: name });
    bridge.emit('step', { step: name });
    if (step.name === 'failed')
      bridge.emit('error', { code: step.code, message: step.message, recoverable: step.recoverable });
    if (step.name === 'done') bridge.emit('completed', { applicationId: step.applicationId });
  }, [step]);

  async function select(institution: Institution) {
    if (!applicationId.current) {
      const known = { ...prefill, ...details.current };
      if (!known.fullName || !known.email) return go({ name: 'details', then: institution });
      // Prewarmed and hidden (a deep link with prefill): show the bank step now, so `ready` fires while hidden, but
      // start the application only once the widget says `visible`; choosePathway waits for that start.
      if (!bridge.visible) go({ name: 'bank', institution });
      const start = bridge.whenVisible().then(() =>
        api.start({
          full_name: known.fullName!,
          email: known.email!,
          ...(known.phone ? { phone: known.phone } : {}),
        }),
      );
      starting.current = start;
      try {
        applicationId.current = (await start).application_id;
      } catch {
        return go({ name: 'details', then: institution });
      } finally {
        starting.current = undefined;
      }
    }
    go({ name: 'bank', institution });
  }

  /**
   * Framed by a widget that named its return page: the consent returns via our bank-return page with `return_to` and
   * `channel`, so a top-level bank visit (redirect strategy, or a blocked popup) can come back to the integrator.
   * A popup's bank-return page answers its opener and ignores them.
   */
  function returnTo(): { return_url: string; parent_origin: string } | undefined {
    const back = bridge.bankAuthorisation?.returnUrl;
    if (!bridge.framed || !back || !url.parentOrigin || !url.channel) return undefined;
    const r = new URL(
      `/i/${encodeURIComponent(config.vendor)}/${encodeURIComponent(config.ref)}/bank-return`,
      location.href,
    );
    r.searchParams.set(RETURN_TO_QUERY, back);
    r.searchParams.set(QUERY.channel, url.channel);
    return { return_url: r.href, parent_origin: url.parentOrigin };
  }

  async function choosePathway(institution: Institution, pathway: Pathway) {
    setBusy(true);
    setFailure(undefined);
    try {
      await starting.current;
      await api.institution({ institution_id: institution.id, pathway });
      bridge.emit('institution_selected', { institutionId: institution.id, name: institution.name, pathway });
      if (pathway === 'crawler') return go({ name: 'crawler', institution });
      const consent = await api.consent(returnTo());
      go({ name: 'authorise', institution, consentId: consent.consent_id, consentUrl: consent.consent_url });
    } catch (e) {
      setBusy(false);
      setFailure(isJourneyApiError(e) ? e.message : 'Something went wrong. Please try again.');
    }
  }

  function exit() {
    bridge.emit('exit', { reason: 'user_cancelled' });
    go({ name: 'exited' });
  }

  const focus = rendered.current > 0;
  const view = (() => {
    if (!step)
      return (
        <div class="hj-step hj-loading" role="status">
          <span class="hj-spinner hj-spinner-lg" aria-hidden="true" />
          <p>Loading…</p>
        </div>
      );
    switch (step.name) {
      case 'terms':
        return <TermsStep vendor={vendorName} focus={focus} onAccept={() => go({ name: 'details' })} />;
      case 'details':
        return (
          <DetailsStep
            focus={focus}
            prefill={prefill}
            api={api}
            onStarted={(app, d) => {
              applicationId.current = app.application_id;
              details.current = d;
              if (step.then) go({ name: 'bank', institution: step.then });
              else go({ name: 'mygov' });
            }}
          />
        );
      case 'mygov':
        return <MyGovStep focus={focus} onDone={() => go({ name: 'banks' })} />;
      case 'banks':
        return (
          <BanksStep focus={focus} institutions={institutions} loadError={loadError} onSelect={(i) => void select(i)} />
        );
      case 'bank':
        return (
          <BankStep
            key={step.institution.id}
            focus={focus}
            institution={step.institution}
            busy={busy}
            failure={failure}
            onContinue={(p) => void choosePathway(step.institution, p)}
            onBack={() => go({ name: 'banks' })}
          />
        );
      case 'crawler':
        return (
          <CrawlerStep
            focus={focus}
            institution={step.institution}
            api={api}
            onStep={(sub) => bridge.emit('step', { step: sub })}
            onConnected={() => {
              bridge.emit('released', {});
              go({ name: 'retrieving', institution: step.institution });
            }}
            onBack={() => go({ name: 'banks' })}
          />
        );
      case 'authorise':
        return (
          <AuthoriseStep
            key={step.consentId}
            focus={focus}
            institution={step.institution}
            consentId={step.consentId}
            consentUrl={step.consentUrl}
            bridge={bridge}
            api={api}
            vendor={config.vendor}
            ref={config.ref}
            onResult={(s) =>
              go(s === 'authorised' ? { name: 'retrieving', institution: step.institution } : denied(step.institution))
            }
          />
        );
      case 'retrieving':
        return (
          <RetrievingStep
            focus={focus}
            api={api}
            institutionName={step.institution?.name}
            onDone={(s) => {
              setSummary(s);
              go({ name: 'done', applicationId: s.application_id });
            }}
            onDenied={() => go(denied(step.institution))}
          />
        );
      case 'done':
        return (
          <DoneStep
            focus={focus}
            vendor={vendorName}
            accounts={summary?.accounts}
            transactions={summary?.transactions}
          />
        );
      case 'failed': {
        const inst = step.institution;
        return (
          <FailedStep
            focus={focus}
            title={step.code === 'CONSENT_DENIED' ? 'Access was not approved' : 'Something went wrong'}
            message={step.message}
            onRetry={inst && step.recoverable ? () => go({ name: 'bank', institution: inst }) : undefined}
            onOther={() => go({ name: 'banks' })}
          />
        );
      }
      case 'exited':
        return <ExitedStep focus={focus} onResume={() => go({ name: applicationId.current ? 'banks' : 'terms' })} />;
    }
  })();

  const stageIndex = step ? STAGES.findIndex((s) => s.steps.includes(step.name)) : -1;
  return (
    <div class="hj-shell">
      <header class="hj-top">
        <span class="hj-brand">
          <span class="hj-logo" aria-hidden="true" />
          {vendorName}
        </span>
        <span class="hj-badge" title="No real bank is contacted">
          Sandbox
        </span>
      </header>
      {stageIndex >= 0 ? (
        <ol class="hj-stages" aria-label="Progress">
          {STAGES.map((s, i) => (
            <li
              key={s.label}
              class={i < stageIndex ? 'hj-stage-done' : i === stageIndex ? 'hj-stage-now' : ''}
              aria-current={i === stageIndex ? 'step' : undefined}
            >
              <span class="hj-stage-dot" aria-hidden="true">
                {i < stageIndex ? '✓' : i + 1}
              </span>
              <span class="hj-stage-label">{s.label}</span>
            </li>
          ))}
        </ol>
      ) : null}
      <main class="hj-card" data-step={step?.name ?? 'loading'}>
        {view}
      </main>
      <footer class="hj-foot">
        <span class="hj-lock">Bank-grade encryption · read-only access</span>
        {step && step.name !== 'done' && step.name !== 'exited' ? (
          <Button variant="link" onClick={exit}>
            Exit
          </Button>
        ) : null}
      </footer>
    </div>
  );
}
