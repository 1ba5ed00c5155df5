/**
 * Crawler pathway: the customer's online-banking login for a fake bank, then a one-time code when asked.
 * `released` is emitted by the caller once connected: no further customer input is needed from then on.
 */
import { useState } from 'preact/hooks';
import type { CrawlerResult, Institution, JourneyApi } from '../api-client.js';
import { isJourneyApiError } from '../api-client.js';
import { BankMark, Button, Field, Notice, StepHeading } from '../ui.js';

/** The sandbox's documented test logins (docs/sandbox.md). */
const TEST_LOGINS = [
  { user: 'demo', pass: 'demo', result: 'connects' },
  { user: 'otp', pass: 'otp', result: 'asks for code 123456' },
  { user: 'fail', pass: 'fail', result: 'wrong credentials' },
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
  const [failure, setFailure] = useState<string>();

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
        setFailure(res.message ?? 'That took too long. Please log in again.');
      } else {
        setFailure(
          res.message ??
            (phase === 'otp'
              ? 'That code is not right. Check it and try again.'
              : 'Those details were not accepted by your bank. Check them and try again.'),
        );
      }
    } catch (e) {
      setFailure(isJourneyApiError(e) ? e.message : 'Something went wrong. Please try again.');
    }
    setBusy(false);
  }

  const login = (e: Event) => {
    e.preventDefault();
    if (!username || !password) return setFailure('Enter your username and password.');
    void run(() => api.crawlerLogin({ institution_id: institution.id, username, password }));
  };
  const otp = (e: Event) => {
    e.preventDefault();
    if (!/^\d{4,8}$/.test(code.trim())) return setFailure('Enter the code from the text message (digits only).');
    void run(() => api.crawlerOtp({ code: code.trim() }));
  };

  return (
    <div class="hj-step">
      <div class="hj-bank-head">
        <BankMark name={institution.name} colour={institution.colour} large />
        <StepHeading
          focus={props.focus}
          sub={
            phase === 'login'
              ? `Sign in with your ${institution.name} online banking details.`
              : 'Your bank sent a one-time code to your mobile.'
          }
        >
          {phase === 'login' ? `Log in to ${institution.name}` : 'Enter your one-time code'}
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
  failure: string | undefined;
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
        label="Username or customer number"
        value={p.username}
        onInput={p.onUsername}
        autoComplete="username"
        required
      />
      <Field
        id="password"
        label="Password"
        type="password"
        value={p.password}
        onInput={p.onPassword}
        autoComplete="current-password"
        required
      />
      {p.failure ? <Notice kind="error">{p.failure}</Notice> : null}
      <div class="hj-actions hj-actions-split">
        <Button type="submit" busy={p.busy}>
          Log in securely
        </Button>
        <Button variant="secondary" onClick={p.onBack}>
          Choose another bank
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
        label="One-time code"
        value={p.code}
        onInput={p.onCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        hint="Sandbox code: 123456"
      />
      {p.failure ? <Notice kind="error">{p.failure}</Notice> : null}
      <div class="hj-actions">
        <Button type="submit" busy={p.busy}>
          Verify code
        </Button>
      </div>
    </form>
  );
}

function TestLogins() {
  return (
    <aside class="hj-testlogins" aria-label="Sandbox test logins">
      <h2>Sandbox test logins</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Password</th>
            <th scope="col">Result</th>
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
              <td>{l.result}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}
