/** The first three steps: terms, the customer's details (prefilled), and the optional myGov (Centrelink) step. */
import { useEffect, useState } from 'preact/hooks';
import type { JourneyPrefill } from '../../../../protocol/url.js';
import { isJourneyApiError } from '../api-client.js';
import type { JourneyApi, JourneyApplication } from '../api-client.js';
import { HISTORY_DAYS } from '../../../../protocol/journey-copy.js';
import { Button, Field, Notice, StepHeading } from '../ui.js';

export function TermsStep(props: { vendor: string; focus: boolean; onAccept: () => void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <form
      class="hj-step"
      onSubmit={(e) => {
        e.preventDefault();
        if (agreed) props.onAccept();
      }}
    >
      <StepHeading
        focus={props.focus}
        sub={`${props.vendor} uses this secure service to verify your income and expenses from your bank statements.`}
      >
        Share your bank statements securely
      </StepHeading>
      <ul class="hj-points">
        <li>
          <strong>Read-only.</strong> Nobody can move money or change anything in your accounts.
        </li>
        <li>
          <strong>Encrypted.</strong> Your data travels and rests encrypted, and is kept only as long as needed.
        </li>
        <li>
          <strong>Your choice.</strong> You pick the bank and can withdraw consent at any time.
        </li>
      </ul>
      <details class="hj-terms">
        <summary>Read the terms of use</summary>
        <p>
          By continuing you authorise the retrieval of {HISTORY_DAYS} days of transaction history, balances and account
          details from the institutions you select, for the purpose of assessing your application with {props.vendor}.
          This is a sandbox: no real bank is contacted and no real data is collected.
        </p>
      </details>
      <label class="hj-check">
        <input
          type="checkbox"
          name="agree"
          checked={agreed}
          onChange={(e) => setAgreed((e.currentTarget as HTMLInputElement).checked)}
        />
        <span>I have read and agree to the terms of use and the privacy policy</span>
      </label>
      <div class="hj-actions">
        <Button type="submit" disabled={!agreed}>
          Agree and continue
        </Button>
      </div>
    </form>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ]{6,20}$/;

export function DetailsStep(props: {
  focus: boolean;
  prefill: JourneyPrefill;
  api: JourneyApi;
  onStarted: (app: JourneyApplication, details: { fullName: string; email: string; phone: string }) => void;
}) {
  const [fullName, setFullName] = useState(props.prefill.fullName ?? '');
  const [email, setEmail] = useState(props.prefill.email ?? '');
  const [phone, setPhone] = useState(props.prefill.phone ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  // Prefill that arrives with the handshake after the first render fills only fields the customer has not typed in.
  useEffect(() => {
    if (props.prefill.fullName && !fullName) setFullName(props.prefill.fullName);
    if (props.prefill.email && !email) setEmail(props.prefill.email);
    if (props.prefill.phone && !phone) setPhone(props.prefill.phone);
  }, [props.prefill]);

  const errors = {
    fullName: fullName.trim() ? undefined : 'Enter your full name.',
    email: EMAIL.test(email.trim()) ? undefined : 'Enter an email address like name@example.com.',
    phone:
      !phone.trim() || PHONE.test(phone.trim())
        ? undefined
        : 'Enter a phone number, digits only, e.g. +61 400 000 000.',
  };
  const valid = !errors.fullName && !errors.email && !errors.phone;

  async function submit(e: Event) {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    setFailure(undefined);
    const details = { fullName: fullName.trim(), email: email.trim(), phone: phone.trim() };
    try {
      const app = await props.api.start({
        full_name: details.fullName,
        email: details.email,
        ...(details.phone ? { phone: details.phone } : {}),
      });
      props.onStarted(app, details);
    } catch (err) {
      setFailure(isJourneyApiError(err) ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  return (
    <form class="hj-step" noValidate onSubmit={submit}>
      <StepHeading focus={props.focus} sub="We use these to match your bank records to your application.">
        Your details
      </StepHeading>
      <Field
        id="full_name"
        label="Full name"
        value={fullName}
        onInput={setFullName}
        autoComplete="name"
        required
        error={touched ? errors.fullName : undefined}
      />
      <Field
        id="email"
        label="Email"
        type="email"
        inputMode="email"
        value={email}
        onInput={setEmail}
        autoComplete="email"
        required
        error={touched ? errors.email : undefined}
      />
      <Field
        id="phone"
        label="Mobile number"
        type="tel"
        inputMode="tel"
        value={phone}
        onInput={setPhone}
        autoComplete="tel"
        hint="Only used to send you a code if your bank asks for one."
        error={touched ? errors.phone : undefined}
      />
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <div class="hj-actions">
        <Button type="submit" busy={busy}>
          Continue
        </Button>
      </div>
    </form>
  );
}

export function MyGovStep(props: { focus: boolean; onDone: (linked: boolean) => void }) {
  const [linking, setLinking] = useState(false);
  return (
    <div class="hj-step">
      <StepHeading
        focus={props.focus}
        sub="If you receive Centrelink payments, adding your income statement can speed up your application."
      >
        Add Centrelink income (optional)
      </StepHeading>
      <div class="hj-mygov">
        <span class="hj-mygov-mark" aria-hidden="true">
          myGov
        </span>
        <p>Sign in to myGov to share a Centrelink income statement. In this sandbox, linking completes instantly.</p>
      </div>
      {linking ? (
        <Notice kind="success">myGov linked. Your Centrelink income statement will be included.</Notice>
      ) : null}
      <div class="hj-actions hj-actions-split">
        {linking ? (
          <Button onClick={() => props.onDone(true)}>Continue</Button>
        ) : (
          <Button onClick={() => setLinking(true)}>Connect myGov</Button>
        )}
        {linking ? null : (
          <Button variant="secondary" name="skip-mygov" onClick={() => props.onDone(false)}>
            Skip this step
          </Button>
        )}
      </div>
    </div>
  );
}
