/** The end of the journey: retrieving (progress driven by `/status`), done, failed, exited. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JourneyApi, StatusResponse } from '../api-client.js';
import { currentLocale, formatDate, formatNumber, t } from '../i18n.js';
import { Button, Notice, Step } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

const POLL_MS = 600;
const DONE = new Set(['crawled', 'finalised', 'report_ready']);
const FLOOR: Record<string, number> = {
  started: 5,
  institution_selected: 8,
  consent_pending: 10,
  consented: 20,
  crawling: 35,
  released: 40,
  crawled: 100,
  finalised: 100,
  report_ready: 100,
};
const STAGES: Array<{ at: number; text: JourneyKey }> = [
  { at: 0, text: 'retrieving.connecting' },
  { at: 30, text: 'retrieving.accounts' },
  { at: 55, text: 'retrieving.transactions' },
  { at: 80, text: 'retrieving.categorising' },
  { at: 100, text: 'retrieving.done' },
];

export function RetrievingStep(props: {
  api: JourneyApi;
  institutionName?: string | undefined;
  onDone: (status: StatusResponse) => void;
  onDenied: () => void;
}) {
  const [percent, setPercent] = useState(5);
  const [last, setLast] = useState<StatusResponse>();
  const [trouble, setTrouble] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    let failures = 0;
    let shown = 5;
    let stopped = false;
    const tick = async () => {
      try {
        const s = await props.api.status();
        failures = 0;
        setTrouble(false);
        if (stopped || done.current || !s) return;
        setLast(s);
        if (s.status === 'denied') {
          done.current = true;
          props.onDenied();
          return;
        }
        // Creep forward between server stages so the bar never stalls, but never claim completion early.
        shown = Math.max(shown, FLOOR[s.status] ?? 5, Math.min(92, shown + 4));
        if (DONE.has(s.status)) {
          shown = 100;
          done.current = true;
          setPercent(100);
          setTimeout(() => props.onDone(s), 500);
          return;
        }
        setPercent(shown);
      } catch {
        if (++failures >= 8) setTrouble(true);
      }
    };
    void tick();
    const timer = setInterval(tick, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const stage = [...STAGES].reverse().find((s) => percent >= s.at)!;
  return (
    <Step
      title={t('retrieving.title')}
      sub={props.institutionName ? t('retrieving.subFrom', { bank: props.institutionName }) : t('retrieving.sub')}
    >
      <div class="hj-progress">
        <div class="hj-progress-label">
          <span id="hj-progress-stage">{t(stage.text)}</span>
          <span>{new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(percent / 100)}</span>
        </div>
        <div
          class="hj-progress-track"
          role="progressbar"
          aria-labelledby="hj-progress-stage"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div class="hj-progress-fill" style={{ '--hj-pct': `${percent}%` }} />
        </div>
        {last?.accounts !== undefined ? (
          <p class="hj-muted">
            {last.transactions !== undefined
              ? t('retrieving.foundWith', {
                  accounts: formatNumber(last.accounts),
                  transactions: formatNumber(last.transactions),
                })
              : t('retrieving.found', { accounts: formatNumber(last.accounts) })}
          </p>
        ) : null}
      </div>
      {trouble ? <Notice kind="error">{t('retrieving.trouble')}</Notice> : null}
    </Step>
  );
}

export function DoneStep(props: {
  /** In a frame: the journey is part of the integrator's page, with no window of its own to close. */
  framed: boolean;
  vendor: string;
  accounts?: number | undefined;
  transactions?: number | undefined;
}) {
  return (
    <Step
      title={t('done.title')}
      sub={t(props.framed ? 'done.subFramed' : 'done.sub', { vendor: props.vendor })}
      class="hj-centre"
      mark={
        <span class="hj-tick" aria-hidden="true">
          ✓
        </span>
      }
    >
      <p class="hj-muted">{t('done.at', { date: formatDate(new Date()) })}</p>
      {props.accounts !== undefined ? (
        <dl class="hj-summary">
          <div>
            <dt>{t('done.accounts')}</dt>
            <dd>{formatNumber(props.accounts)}</dd>
          </div>
          {props.transactions !== undefined ? (
            <div>
              <dt>{t('done.transactions')}</dt>
              <dd>{formatNumber(props.transactions)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </Step>
  );
}

export function FailedStep(props: {
  title: string;
  message: string;
  onRetry?: (() => void) | undefined;
  onOther?: (() => void) | undefined;
}) {
  return (
    <Step
      title={props.title}
      sub={props.message}
      mark={
        <span class="hj-cross" aria-hidden="true">
          !
        </span>
      }
    >
      <div class="hj-actions hj-actions-split">
        {props.onRetry ? <Button onClick={props.onRetry}>{t('common.tryAgain')}</Button> : null}
        {props.onOther ? (
          <Button variant="secondary" onClick={props.onOther}>
            {t('common.otherBank')}
          </Button>
        ) : null}
      </div>
    </Step>
  );
}

export function ExitedStep(props: { framed: boolean; onResume: () => void }) {
  return (
    <Step title={t('exited.title')} sub={t(props.framed ? 'exited.subFramed' : 'exited.sub')} class="hj-centre">
      <div class="hj-actions">
        <Button variant="secondary" onClick={props.onResume}>
          {t('exited.resume')}
        </Button>
      </div>
    </Step>
  );
}
