/**
 * The journey page: the shell (brand, progress, exit) around the step the router renders. State and transitions live
 * in journey-state.ts, the step table in router.tsx, each step in steps/*.tsx.
 */
import { vendorDisplayName } from '../../../protocol/journey-copy.js';
import { exit, useJourney } from './journey-state.js';
import { StepView } from './router.js';
import type { JourneyContext, StepName } from './types.js';
import { Button } from './ui.js';

const STAGES: Array<{ label: string; steps: StepName[] }> = [
  { label: 'Your details', steps: ['terms', 'details', 'mygov'] },
  { label: 'Your bank', steps: ['banks', 'bank'] },
  { label: 'Connect', steps: ['authorise', 'crawler', 'failed'] },
  { label: 'Finish', steps: ['retrieving', 'done'] },
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
        <span class="hj-badge" title="No real bank is contacted">
          Sandbox
        </span>
      </header>
      {stageIndex >= 0 ? <Stages current={stageIndex} /> : null}
      <main class="hj-card" data-step={step?.name ?? 'loading'}>
        <StepView journey={journey} />
      </main>
      <footer class="hj-foot">
        <span class="hj-lock">Bank-grade encryption · read-only access</span>
        {step && step.name !== 'done' && step.name !== 'exited' ? (
          <Button variant="link" onClick={() => exit(journey)}>
            Exit
          </Button>
        ) : null}
      </footer>
    </div>
  );
}

function Stages({ current }: { current: number }) {
  return (
    <ol class="hj-stages" aria-label="Progress">
      {STAGES.map((s, i) => (
        <li
          key={s.label}
          class={i < current ? 'hj-stage-done' : i === current ? 'hj-stage-now' : ''}
          aria-current={i === current ? 'step' : undefined}
        >
          <span class="hj-stage-dot" aria-hidden="true">
            {i < current ? '✓' : i + 1}
          </span>
          <span class="hj-stage-label">{s.label}</span>
        </li>
      ))}
    </ol>
  );
}
