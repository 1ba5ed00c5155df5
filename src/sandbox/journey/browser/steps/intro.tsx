/** The first three steps: terms, the customer's details (prefilled), and the optional myGov (Centrelink) step. */
import { useEffect, useState } from 'preact/hooks';
import type { JourneyPrefill } from '../../../../protocol/url.js';
import { failureCode } from '../api-client.js';
import type { JourneyApi, JourneyApplication } from '../api-client.js';
import { HISTORY_DAYS } from '../../../../protocol/journey-copy.js';
import { formatDays, t } from '../i18n.js';
import { Button, Field, Notice, StepHeading } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

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
      <StepHeading focus={props.focus} sub={t('terms.sub', { vendor: props.vendor })}>
        {t('terms.title')}
      </StepHeading>
      <ul class="hj-points">
        <li>
          <strong>{t('terms.readOnlyLead')}</strong> {t('terms.readOnly')}
        </li>
        <li>
          <strong>{t('terms.encryptedLead')}</strong> {t('terms.encrypted')}
        </li>
        <li>
          <strong>{t('terms.choiceLead')}</strong> {t('terms.choice')}
        </li>
      </ul>
      <details class="hj-terms">
        <summary>{t('terms.read')}</summary>
        <p>{t('terms.body', { days: formatDays(HISTORY_DAYS), vendor: props.vendor })}</p>
      </details>
      <label class="hj-check">
        <input
          type="checkbox"
          name="agree"
          checked={agreed}
          onChange={(e) => setAgreed((e.currentTarget as HTMLInputElement).checked)}
        />
        <span>{t('terms.agree')}</span>
      </label>
      <div class="hj-actions">
        <Button type="submit" disabled={!agreed}>
          {t('terms.accept')}
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
  const [failure, setFailure] = useState<JourneyKey>();

  // Prefill that arrives with the handshake after the first render fills only fields the customer has not typed in.
  useEffect(() => {
    if (props.prefill.fullName && !fullName) setFullName(props.prefill.fullName);
    if (props.prefill.email && !email) setEmail(props.prefill.email);
    if (props.prefill.phone && !phone) setPhone(props.prefill.phone);
  }, [props.prefill]);

  const errors = {
    fullName: fullName.trim() ? undefined : t('details.fullNameError'),
    email: EMAIL.test(email.trim()) ? undefined : t('details.emailError'),
    phone: !phone.trim() || PHONE.test(phone.trim()) ? undefined : t('details.phoneError'),
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
      setFailure(`api.${failureCode(err)}`);
      setBusy(false);
    }
  }

  return (
    <form class="hj-step" noValidate onSubmit={submit}>
      <StepHeading focus={props.focus} sub={t('details.sub')}>
        {t('details.title')}
      </StepHeading>
      <Field
        id="full_name"
        label={t('details.fullName')}
        value={fullName}
        onInput={setFullName}
        autoComplete="name"
        required
        error={touched ? errors.fullName : undefined}
      />
      <Field
        id="email"
        label={t('details.email')}
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
        label={t('details.phone')}
        type="tel"
        inputMode="tel"
        value={phone}
        onInput={setPhone}
        autoComplete="tel"
        hint={t('details.phoneHint')}
        error={touched ? errors.phone : undefined}
      />
      {failure ? <Notice kind="error">{t(failure)}</Notice> : null}
      <div class="hj-actions">
        <Button type="submit" busy={busy}>
          {t('common.continue')}
        </Button>
      </div>
    </form>
  );
}

export function MyGovStep(props: { focus: boolean; onDone: (linked: boolean) => void }) {
  const [linking, setLinking] = useState(false);
  return (
    <div class="hj-step">
      <StepHeading focus={props.focus} sub={t('mygov.sub')}>
        {t('mygov.title')}
      </StepHeading>
      <div class="hj-mygov">
        <span class="hj-mygov-mark" aria-hidden="true">
          {t('mygov.mark')}
        </span>
        <p>{t('mygov.text')}</p>
      </div>
      {linking ? <Notice kind="success">{t('mygov.linked')}</Notice> : null}
      <div class="hj-actions hj-actions-split">
        {linking ? (
          <Button onClick={() => props.onDone(true)}>{t('common.continue')}</Button>
        ) : (
          <Button onClick={() => setLinking(true)}>{t('mygov.connect')}</Button>
        )}
        {linking ? null : (
          <Button variant="secondary" name="skip-mygov" onClick={() => props.onDone(false)}>
            {t('mygov.skip')}
          </Button>
        )}
      </div>
    </div>
  );
}
