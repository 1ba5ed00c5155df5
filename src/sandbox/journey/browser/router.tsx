/**
 * The router: one entry per step name renders that step with its props and says where each of its outcomes leads.
 * The table is typed by the step union, so a step without a route (or a route without a step) does not compile.
 */
import type { JSX } from 'preact';
import { vendorDisplayName } from '../../../protocol/journey-copy.js';
import { AuthoriseStep } from './steps/authorise.js';
import { BankStep, BanksStep } from './steps/banks.js';
import { CrawlerStep } from './steps/crawler.js';
import { DetailsStep, MyGovStep, TermsStep } from './steps/intro.js';
import { DoneStep, ExitedStep, FailedStep, RetrievingStep } from './steps/outcome.js';
import {
  choosePathway,
  denied,
  go,
  renewalAnswered,
  renewFrom,
  select,
  startRenewal,
  type Journey,
} from './journey-state.js';
import { RenewedStep, RenewStep } from './steps/renew.js';
import type { Step, StepName } from './types.js';
import { t } from './i18n.js';
import { StepFocus } from './ui.js';

type Route<N extends StepName> = (step: Extract<Step, { name: N }>, j: Journey) => JSX.Element;

const ROUTES: { [N in StepName]: Route<N> } = {
  terms: (_, j) => (
    <TermsStep vendor={vendorDisplayName(j.ctx.config.vendor)} onAccept={() => go(j, { name: 'details' })} />
  ),
  details: (step, j) => (
    <DetailsStep
      prefill={j.prefill}
      api={j.ctx.api}
      onStarted={(app, d) => {
        j.refs.applicationId.current = app.application_id;
        j.refs.details.current = d;
        if (step.then) go(j, { name: 'bank', institution: step.then });
        else go(j, { name: 'mygov' });
      }}
    />
  ),
  mygov: (_, j) => <MyGovStep onDone={() => go(j, { name: 'banks' })} />,
  banks: (_, j) => (
    <BanksStep institutions={j.institutions} loadError={j.loadError} onSelect={(i) => void select(j, i)} />
  ),
  bank: (step, j) => (
    <BankStep
      key={step.institution.id}
      institution={step.institution}
      busy={j.busy}
      failure={j.failure}
      onContinue={(p) => void choosePathway(j, step.institution, p)}
      onBack={() => go(j, { name: 'banks' })}
    />
  ),
  crawler: (step, j) => (
    <CrawlerStep
      institution={step.institution}
      api={j.ctx.api}
      onStep={(sub) => j.ctx.bridge.emit('step', { step: sub })}
      onConnected={() => {
        j.ctx.bridge.emit('released', {});
        go(j, { name: 'retrieving', institution: step.institution });
      }}
      onBack={() => go(j, { name: 'banks' })}
    />
  ),
  authorise: (step, j) => (
    <AuthoriseStep
      key={step.consentId}
      institution={step.institution}
      consentId={step.consentId}
      consentUrl={step.consentUrl}
      bridge={j.ctx.bridge}
      api={j.ctx.api}
      vendor={j.ctx.config.vendor}
      ref={j.ctx.config.ref}
      renewal={step.renewal !== undefined}
      onResult={(s) =>
        step.renewal
          ? void renewalAnswered(j, step.renewal, s)
          : go(j, s === 'authorised' ? { name: 'retrieving', institution: step.institution } : denied(step.institution))
      }
    />
  ),
  renew: (step, j) => (
    <RenewStep
      vendor={vendorDisplayName(j.ctx.config.vendor)}
      renewal={step.renewal}
      busy={j.busy}
      failure={j.failure}
      onContinue={(days) => void startRenewal(j, step.renewal, days)}
    />
  ),
  renewed: (step, j) => (
    <RenewedStep framed={j.ctx.bridge.framed} vendor={vendorDisplayName(j.ctx.config.vendor)} renewal={step.renewal} />
  ),
  retrieving: (step, j) => (
    <RetrievingStep
      api={j.ctx.api}
      institutionName={step.institution?.name}
      onDone={(s) => {
        j.set.summary(s);
        go(j, { name: 'done', applicationId: s.application_id });
      }}
      onDenied={() => go(j, denied(step.institution))}
    />
  ),
  done: (_, j) => (
    <DoneStep
      framed={j.ctx.bridge.framed}
      vendor={vendorDisplayName(j.ctx.config.vendor)}
      accounts={j.summary?.accounts}
      transactions={j.summary?.transactions}
    />
  ),
  failed: (step, j) => {
    const { institution: inst, renewal } = step;
    const retry = renewal
      ? () => go(j, { name: 'renew', renewal })
      : inst && step.recoverable
        ? () => go(j, { name: 'bank', institution: inst })
        : undefined;
    const denial = step.code === 'CONSENT_DENIED';
    return (
      <FailedStep
        title={t(denial ? (renewal ? 'renew.deniedTitle' : 'failed.deniedTitle') : 'failed.title')}
        message={t(step.words)}
        onRetry={retry}
        // Renew mode keeps the consent's bank, and a consent that cannot be renewed needs the integrator's new link.
        onOther={j.ctx.url.renewConsent ? undefined : () => go(j, { name: 'banks' })}
      />
    );
  },
  exited: (_, j) => (
    <ExitedStep
      framed={j.ctx.bridge.framed}
      onResume={() =>
        j.ctx.url.renewConsent ? void renewFrom(j) : go(j, { name: j.refs.applicationId.current ? 'banks' : 'terms' })
      }
    />
  ),
};

/** The step on screen, or the loading state before boot has chosen the first one. */
export function StepView({ journey }: { journey: Journey }) {
  const { step } = journey;
  if (!step)
    return (
      <div class="hj-step hj-loading" role="status">
        <span class="hj-spinner hj-spinner-lg" aria-hidden="true" />
        <p>{t('common.loading')}</p>
      </div>
    );
  return (
    <StepFocus.Provider value={journey.focus}>
      {(ROUTES[step.name] as Route<typeof step.name>)(step as never, journey)}
    </StepFocus.Provider>
  );
}
