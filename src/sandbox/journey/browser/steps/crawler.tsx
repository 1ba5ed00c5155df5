/**
 * Crawler pathway: the customer's online-banking login for a fake bank, then a one-time code when asked.
 * `released` is emitted by the caller once connected: no further customer input is needed from then on.
 */
import { useState } from 'preact/hooks';
import type { CrawlerResult, Institution, JourneyApi } from '../api-client.js';
import { failureCode } from '../api-client.js';
import { t } from '../i18n.js';
import { type FieldRow, Fields, Step, SubmitRow } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

/** The sandbox's documented test logins (docs/sandbox.md). */
const TEST_LOGINS: Array<{ user: string; pass: string; result: JourneyKey }> = [
  { user: 'demo', pass: 'demo', result: 'crawler.resultConnects' },
  { user: 'otp', pass: 'otp', result: 'crawler.resultOtp' },
  { user: 'fail', pass: 'fail', result: 'crawler.resultFails' },
];

type Phase = 'login' | 'otp';
type Input = 'username' | 'password' | 'otp';

/** The bank's two forms: its login, then the one-time code when the bank asks for one. */
const PHASES: Record<Phase, { fields: Array<FieldRow<Input>>; submit: JourneyKey }> = {
  login: {
    fields: [
      {
        key: 'username',
        id: 'username',
        label: 'crawler.username',
        input: { autoComplete: 'username', required: true },
      },
      {
        key: 'password',
        id: 'password',
        label: 'crawler.password',
        input: { type: 'password', autoComplete: 'current-password', required: true },
      },
    ],
    submit: 'crawler.login',
  },
  otp: {
    fields: [
      {
        key: 'otp',
        id: 'otp',
        label: 'crawler.otp',
        hint: 'crawler.otpHint',
        input: { inputMode: 'numeric', autoComplete: 'one-time-code', required: true },
      },
    ],
    submit: 'crawler.verify',
  },
};

export function CrawlerStep(props: {
  institution: Institution;
  api: JourneyApi;
  onStep: (sub: 'crawler_login' | 'crawler_otp') => void;
  onConnected: () => void;
  onBack: () => void;
}) {
  const { institution, api } = props;
  const [phase, setPhase] = useState<Phase>('login');
  const [values, setValues] = useState<Record<Input, string>>({ username: '', password: '', otp: '' });
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
        setValues((v) => ({ ...v, otp: '' }));
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

  const submit = () => {
    const { username, password } = values;
    const code = values.otp.trim();
    if (phase === 'login') {
      if (!username || !password) return setFailure('crawler.needLogin');
      void run(() => api.crawlerLogin({ institution_id: institution.id, username, password }));
    } else {
      if (!/^\d{4,8}$/.test(code)) return setFailure('crawler.needCode');
      void run(() => api.crawlerOtp({ code }));
    }
  };

  const login = phase === 'login';
  return (
    <Step
      title={login ? t('crawler.loginTitle', { bank: institution.name }) : t('crawler.otpTitle')}
      sub={login ? t('crawler.loginSub', { bank: institution.name }) : t('crawler.otpSub')}
      bank={institution}
    >
      <form
        class="hj-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Fields rows={PHASES[phase].fields} values={values} onInput={(k, v) => setValues((o) => ({ ...o, [k]: v }))} />
        <SubmitRow
          label={t(PHASES[phase].submit)}
          busy={busy}
          failure={failure}
          onBack={login ? props.onBack : undefined}
        />
      </form>
      <TestLogins />
    </Step>
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
