/**
 * Crawler pathway: the customer's online-banking login for a fake bank, then a one-time code when asked.
 * `released` is emitted by the caller once connected: no further customer input is needed from then on.
 */
import { useState } from 'preact/hooks';
import type { CrawlerResult, Institution, JourneyApi } from '../api-client.js';
import { failureCode } from '../api-client.js';
import { t } from '../i18n.js';
import { BankMark, Button, Field, Notice, StepHeading } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

/** The sandbox's documented test logins (docs/sandbox.md). */
const TEST_LOGINS: Array<{ user: string; pass: string; result: JourneyKey }> = [
  { user: 'demo', pass: 'demo', result: 'crawler.resultConnects' },
  { user: 'otp', pass: 'otp', result: 'crawler.resultOtp' },
  { user: 'fail', pass: 'fail', result: 'crawler.resultFails' },
];

export function CrawlerStep(props: {
  focus: boolean;
  institution: Institution;
  api: JourneyApi;
  onStep: (sub: 'crawler_login' | 'crawler_otp') => void;
  onConnected: () => void;
  onBack: () => void;
}) {
  const { institution, api } = props;
  const [phase, setPhase] = useState<'login' | 'otp'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<JourneyKey>();

  async function run(call: () => Promise<CrawlerResult>) {
    setBusy(true);
    setFailure(undefined);
    try {
      const res = await call();
      if (res.status === 'RELEASED') {
        props.onConnected();
        return;
      }
      if (res.status === 'AUTH') {
        setPhase('otp');
        props.onStep('crawler_otp');
      } else if (res.status === 'TIMEDOUT') {
        // The seed stopped waiting for the code: log in again (that starts a fresh one).
        setPhase('login');
        setCode('');
        props.onStep('crawler_login');
        setFailure('crawler.timedOut');
      } else {
        setFailure(phase === 'otp' ? 'crawler.wrongCode' : 'crawler.refused');
      }
    } catch (e) {
      setFailure(`api.${failureCode(e)}`);
    }
    setBusy(false);
  }

  const login = (e: Event) => {
    e.preventDefault();
    if (!username || !password) return setFailure('crawler.needLogin');
    void run(() => api.crawlerLogin({ institution_id: institution.id, username, password }));
  };
  const otp = (e: Event) => {
    e.preventDefault();
    if (!/^\d{4,8}$/.test(code.trim())) return setFailure('crawler.needCode');
    void run(() => api.crawlerOtp({ code: code.trim() }));
  };

  return (
    <div class="hj-step">
      <div class="hj-bank-head">
        <BankMark name={institution.name} colour={institution.colour} large />
        <StepHeading
          focus={props.focus}
          sub={phase === 'login' ? t('crawler.loginSub', { bank: institution.name }) : t('crawler.otpSub')}
        >
          {phase === 'login' ? t('crawler.loginTitle', { bank: institution.name }) : t('crawler.otpTitle')}
        </StepHeading>
      </div>
      {phase === 'login' ? (
        <LoginForm
          {...{ username, password, busy, failure }}
          onUsername={setUsername}
          onPassword={setPassword}
          onSubmit={login}
          onBack={props.onBack}
        />
      ) : (
        <OtpForm {...{ code, busy, failure }} onCode={setCode} onSubmit={otp} />
      )}
      <TestLogins />
    </div>
  );
}

interface FormState {
  busy: boolean;
  failure: JourneyKey | undefined;
  onSubmit: (e: Event) => void;
}

function LoginForm(
  p: FormState & {
    username: string;
    password: string;
    onUsername: (v: string) => void;
    onPassword: (v: string) => void;
    onBack: () => void;
  },
) {
  return (
    <form class="hj-form" onSubmit={p.onSubmit} noValidate>
      <Field
        id="username"
        label={t('crawler.username')}
        value={p.username}
        onInput={p.onUsername}
        autoComplete="username"
        required
      />
      <Field
        id="password"
        label={t('crawler.password')}
        type="password"
        value={p.password}
        onInput={p.onPassword}
        autoComplete="current-password"
        required
      />
      {p.failure ? <Notice kind="error">{t(p.failure)}</Notice> : null}
      <div class="hj-actions hj-actions-split">
        <Button type="submit" busy={p.busy}>
          {t('crawler.login')}
        </Button>
        <Button variant="secondary" onClick={p.onBack}>
          {t('common.otherBank')}
        </Button>
      </div>
    </form>
  );
}

function OtpForm(p: FormState & { code: string; onCode: (v: string) => void }) {
  return (
    <form class="hj-form" onSubmit={p.onSubmit} noValidate>
      <Field
        id="otp"
        label={t('crawler.otp')}
        value={p.code}
        onInput={p.onCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        hint={t('crawler.otpHint')}
      />
      {p.failure ? <Notice kind="error">{t(p.failure)}</Notice> : null}
      <div class="hj-actions">
        <Button type="submit" busy={p.busy}>
          {t('crawler.verify')}
        </Button>
      </div>
    </form>
  );
}

function TestLogins() {
  return (
    <aside class="hj-testlogins" aria-label={t('crawler.testLogins')}>
      <h2>{t('crawler.testLogins')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('crawler.testUser')}</th>
            <th scope="col">{t('crawler.testPass')}</th>
            <th scope="col">{t('crawler.testResult')}</th>
          </tr>
        </thead>
        <tbody>
          {TEST_LOGINS.map((l) => (
            <tr key={l.user}>
              <td>
                <code>{l.user}</code>
              </td>
              <td>
                <code>{l.pass}</code>
              </td>
              <td>{t(l.result)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}
