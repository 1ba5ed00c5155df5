/**
 * The journey page: the shell (brand, progress, exit) around the step the router renders. State and transitions live
 * in journey-state.ts, the step table in router.tsx, each step in steps/*.tsx.
 */
import { vendorDisplayName } from '../../../protocol/journey-copy.js';
import { formatNumber, t } from './i18n.js';
import { exit, useJourney } from './journey-state.js';
import { StepView } from './router.js';
import type { JourneyContext, StepName } from './types.js';
import { Button } from './ui.js';
import type { JourneyKey } from './words/en-AU.js';

const STAGES: Array<{ label: JourneyKey; steps: StepName[] }> = [
  { label: 'stage.details', steps: ['terms', 'details', 'mygov'] },
  { label: 'stage.bank', steps: ['banks', 'bank', 'renew'] },
  { label: 'stage.connect', steps: ['authorise', 'crawler', 'failed'] },
  { label: 'stage.finish', steps: ['retrieving', 'done', 'renewed'] },
];

export function JourneyApp({ ctx }: { ctx: JourneyContext }) {
  const journey = useJourney(ctx);
  const { step } = journey;
  const vendorName = vendorDisplayName(ctx.config.vendor);
  const stageIndex = step ? STAGES.findIndex((s) => s.steps.includes(step.name)) : -1;
  return (
    <div class="hj-shell">
      <header class="hj-top">
        <span class="hj-brand">
          <span class="hj-logo" aria-hidden="true" />
          {vendorName}
        </span>
        <span class="hj-badge" title={t('shell.sandboxHint')}>
          {t('shell.sandbox')}
        </span>
      </header>
      {stageIndex >= 0 ? <Stages current={stageIndex} /> : null}
      <main class="hj-card" data-step={step?.name ?? 'loading'}>
        <StepView journey={journey} />
      </main>
      <footer class="hj-foot">
        <span class="hj-lock">{t('shell.secure')}</span>
        {/* One way out: in the widget's modal its close control (and Escape) is it. */}
        {step &&
        step.name !== 'done' &&
        step.name !== 'renewed' &&
        step.name !== 'exited' &&
        ctx.bridge.mode !== 'modal' ? (
          <Button variant="link" onClick={() => exit(journey)}>
            {t('shell.exit')}
          </Button>
        ) : null}
      </footer>
    </div>
  );
}

function Stages({ current }: { current: number }) {
  return (
    <ol class="hj-stages" aria-label={t('shell.progress')}>
      {STAGES.map((s, i) => (
        <li
          key={s.label}
          class={i < current ? 'hj-stage-done' : i === current ? 'hj-stage-now' : ''}
          aria-current={i === current ? 'step' : undefined}
        >
          <span class="hj-stage-dot" aria-hidden="true">
            {i < current ? '✓' : formatNumber(i + 1)}
          </span>
          <span class="hj-stage-label">{t(s.label)}</span>
        </li>
      ))}
    </ol>
  );
}
