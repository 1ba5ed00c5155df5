/**
 * CDR consent: the bank's page refuses framing, so it runs top-level — in a popup opened inside the customer's click
 * (framed journey) or by navigating this tab (unframed journey). The answer comes back by whichever path works first:
 * the bank-return page (same origin), the parent's `bank_authorisation_result`, or `/status` polling.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { JourneyApi, Institution } from '../api-client.js';
import { listenForBankReturn, savePendingConsent } from '../bank-return-channel.js';
import type { JourneyBridge } from '../types.js';
import { CDR_CLUSTERS } from '../../../../protocol/cdr-language.js';
import { consentCopy } from '../../../../protocol/journey-copy.js';
import { QUERY } from '../../../../protocol/url.js';
import { currentLocale, t } from '../i18n.js';
import { Button, Notice, Step } from '../ui.js';

const AUTHORISED = new Set(['consented', 'crawling', 'released', 'crawled', 'finalised', 'report_ready']);
/** How often `/status` is asked (and `popup.closed` read) while a popup is open or was closed. */
const POLL_MS = 500;

type Phase = 'ready' | 'waiting' | 'blocked' | 'closed' | 'redirecting' | 'app';

interface AuthoriseProps {
  institution: Institution;
  consentId: string;
  consentUrl: string;
  bridge: JourneyBridge;
  api: JourneyApi;
  vendor: string;
  ref: string;
  /** Renew mode: the answer is the renewal request's own (the application's status does not move). */
  renewal?: boolean;
  onResult: (status: 'authorised' | 'denied') => void;
}

/**
 * The bank's answer, by whichever path works first (bank-return page, parent's result, `/status` polling); `finish`
 * reports it once. While a popup is open (or was closed) the status is polled and a closed popup reported once: on the
 * first status check that started after `popup.closed` read true and that the server answered with no decision. The
 * bank records its decision before its return page loads, so a window that closed itself after an answer finishes
 * instead; a popup that is still open is never reported closed.
 */
function useBankAnswer(props: AuthoriseProps) {
  const { consentId, bridge, api } = props;
  const [phase, setPhase] = useState<Phase>('ready');
  const popup = useRef<Window | null>(null);
  const finished = useRef(false);
  /** `closed` is reported once per opened popup; a result that arrives later still wins (and is reported too). */
  const closedReported = useRef(false);
  const finish = (status: 'authorised' | 'denied') => {
    if (finished.current) return;
    finished.current = true;
    popup.current = null;
    bridge.emit('bank_authorisation_completed', { status });
    props.onResult(status);
  };

  /** True once finished, false while the server has no decision, null when it could not be asked. */
  async function checkStatus(): Promise<boolean | null> {
    try {
      if (props.renewal) {
        const { status } = await api.consentReturn(consentId);
        if (status !== 'pending') finish(status);
        return finished.current;
      }
      const s = await api.status();
      if (s?.status === 'denied') finish('denied');
      else if (s && AUTHORISED.has(s.status)) finish('authorised');
      return finished.current;
    } catch {
      return null; // transient: the next poll tries again
    }
  }

  useEffect(() => {
    const stopListening = listenForBankReturn(consentId, (msg) => finish(msg.status));
    const offParent = bridge.on('bank_authorisation_result', ({ status }) => {
      // In an app, the answer comes from a return link the app handed back: the server's decision counts, not the
      // link's.
      if (bridge.native) {
        void checkStatus();
        return;
      }
      if (status === 'authorised' || status === 'denied') {
        finish(status);
        return;
      }
      // closed / blocked: the parent's window did not produce an answer; the server has the last word.
      void checkStatus().then((done) => {
        if (!done) setPhase(status === 'blocked' ? 'blocked' : 'closed');
      });
    });
    return () => {
      stopListening();
      offParent();
    };
  }, [consentId]);

  // In an app: when the customer comes back from the bank's app without a return link, the server's decision counts.
  useEffect(() => {
    if (phase !== 'app') return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkStatus();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'waiting' && phase !== 'closed') return;
    let live = true;
    const timer = setInterval(() => {
      const w = popup.current;
      // Read before the check starts: the server's answer then covers everything the bank did before the window closed.
      const closed = w?.closed === true;
      void checkStatus().then((done) => {
        if (!live || !closed || done !== false || finished.current || popup.current !== w) return;
        setPhase('closed');
        if (!closedReported.current) bridge.emit('bank_authorisation_completed', { status: 'closed' });
        closedReported.current = true;
      });
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [phase]);

  return { phase, setPhase, popup, closedReported };
}

export function AuthoriseStep(props: AuthoriseProps) {
  const { institution, consentId, consentUrl, bridge } = props;
  const { phase, setPhase, popup, closedReported } = useBankAnswer(props);

  function open() {
    // The bank's page may follow the journey's language (the sandbox's does; a real bank decides for itself).
    const bankUrl = new URL(consentUrl);
    bankUrl.searchParams.set(QUERY.locale, currentLocale());
    const consentUrlIn = bankUrl.href;
    // In an app's WebView the bank never runs here (RFC 8252; the CDR's redirect to app): the bridge posts this
    // origin's bank-redirect URL for the consent and the app opens it outside. This page neither navigates nor opens.
    if (bridge.native) {
      bridge.emit('bank_authorisation', { consentId });
      setPhase('app');
      return;
    }
    if (!bridge.framed) {
      savePendingConsent(props.vendor, props.ref, {
        consentId,
        institutionId: institution.id,
        returnTo: location.pathname + location.search,
      });
      location.assign(consentUrlIn);
      return;
    }
    // Redirect strategy: the widget takes the whole page to this origin's /bank-redirect/… for the consent (the server
    // sends it on to the bank), and the bank back to the integrator's return page. The message names the consent, not a
    // URL.
    if (bridge.bankAuthorisation?.strategy === 'redirect') {
      bridge.emit('bank_authorisation', { consentId });
      setPhase('redirecting');
      return;
    }
    // Must run synchronously inside the click: popup blockers allow only user-activated window.open.
    const w = window.open(consentUrlIn, `hj-bank-${consentId}`, 'popup,width=520,height=720');
    popup.current = w;
    closedReported.current = false;
    bridge.emit('bank_authorisation', { consentId, popup: w ? 'opened' : 'blocked' });
    // A widget that sent a strategy falls back to redirect when the popup is blocked; an older one leaves it to us.
    setPhase(w ? 'waiting' : bridge.bankAuthorisation ? 'redirecting' : 'blocked');
  }

  return <AuthoriseView institution={institution} phase={phase} onOpen={open} />;
}

/**
 * What the bank will be asked to share: each data cluster and its permissions in the standards' English words (so
 * marked `lang="en"`), with this locale's help beside them, then the period and duration.
 */
function SharedData({ bank }: { bank: string }) {
  const copy = consentCopy(currentLocale());
  return (
    <section class="hj-shared" aria-labelledby="hj-shared-title">
      <h2 id="hj-shared-title">{t('authorise.shared', { bank })}</h2>
      <dl>
        {CDR_CLUSTERS.map((c) => (
          <div key={c.key} class="hj-cluster" data-cluster={c.key}>
            <dt lang="en" dir="ltr">
              {c.cluster}
            </dt>
            <dd>
              <ul lang="en" dir="ltr">
                {c.permissions.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              <p class="hj-muted">{t(`cdr.${c.key}`)}</p>
            </dd>
          </div>
        ))}
      </dl>
      <p class="hj-period">{copy.period}</p>
      <p class="hj-period">{copy.duration}</p>
    </section>
  );
}

function AuthoriseView(props: { institution: Institution; phase: Phase; onOpen: () => void }) {
  const { institution, phase } = props;
  const bank = institution.name;
  const waiting = phase === 'waiting' || phase === 'app';
  return (
    <Step
      title={t(waiting ? 'authorise.waitingTitle' : 'authorise.connect', { bank })}
      sub={waiting ? undefined : t('authorise.sub', { bank })}
      bank={{ name: institution.name, colour: institution.colour }}
    >
      {waiting || phase === 'redirecting' ? (
        <div class="hj-waiting" role="status">
          <span class="hj-spinner hj-spinner-lg" aria-hidden="true" />
          <p>
            {t(phase === 'app' ? 'authorise.inApp' : waiting ? 'authorise.waiting' : 'authorise.redirecting', { bank })}
          </p>
        </div>
      ) : (
        <SharedData bank={bank} />
      )}
      {phase === 'blocked' ? <Notice kind="error">{t('authorise.blocked', { bank })}</Notice> : null}
      {phase === 'closed' ? <Notice kind="error">{t('authorise.closed', { bank })}</Notice> : null}
      <div class="hj-actions">
        <Button onClick={props.onOpen} variant={waiting ? 'secondary' : 'primary'} name="continue-to-bank">
          {t(waiting ? 'authorise.reopen' : 'authorise.continue', { bank })}
        </Button>
      </div>
    </Step>
  );
}
