/** The first three steps: terms, the customer's details (prefilled), and the optional myGov (Centrelink) step. */
import { useEffect, useState } from 'preact/hooks';
import type { JourneyPrefill } from '../../../../protocol/url.js';
import { failureCode } from '../api-client.js';
import type { JourneyApi, JourneyApplication } from '../api-client.js';
import { HISTORY_DAYS } from '../../../../protocol/journey-copy.js';
import { formatDays, t } from '../i18n.js';
import { Button, type FieldRow, Fields, Notice, Step, SubmitRow, byType } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

export function TermsStep(props: { vendor: string; onAccept: () => void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Step
      title={t('terms.title')}
      sub={t('terms.sub', { vendor: props.vendor })}
      onSubmit={() => {
        if (agreed) props.onAccept();
      }}
    >
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
      <SubmitRow label={t('terms.accept')} disabled={!agreed} />
    </Step>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ]{6,20}$/;

type Details = { fullName: string; email: string; phone: string };

/** The details form, a row a field: its wire name, its words, what the browser may fill in. The phone is optional. */
const FIELDS: Array<FieldRow<keyof Details>> = [
  { key: 'fullName', id: 'full_name', label: 'details.fullName', input: { autoComplete: 'name', required: true } },
  { key: 'email', id: 'email', label: 'details.email', input: { ...byType('email'), required: true } },
  { key: 'phone', id: 'phone', label: 'details.phone', hint: 'details.phoneHint', input: byType('tel') },
];

export function DetailsStep(props: {
  prefill: JourneyPrefill;
  api: JourneyApi;
  onStarted: (app: JourneyApplication, details: Details) => void;
}) {
  const [values, setValues] = useState<Details>(() => ({
    fullName: props.prefill.fullName ?? '',
    email: props.prefill.email ?? '',
    phone: props.prefill.phone ?? '',
  }));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<JourneyKey>();

  // Prefill that arrives with the handshake after the first render fills only fields the customer has not typed in.
  useEffect(() => {
    setValues((v) => {
      const next = { ...v };
      for (const { key } of FIELDS) if (props.prefill[key] && !v[key]) next[key] = props.prefill[key]!;
      return next;
    });
  }, [props.prefill]);

  const details: Details = { fullName: values.fullName.trim(), email: values.email.trim(), phone: values.phone.trim() };
  const errors: Record<keyof Details, string | undefined> = {
    fullName: details.fullName ? undefined : t('details.fullNameError'),
    email: EMAIL.test(details.email) ? undefined : t('details.emailError'),
    phone: !details.phone || PHONE.test(details.phone) ? undefined : t('details.phoneError'),
  };
  const valid = !errors.fullName && !errors.email && !errors.phone;

  async function submit() {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    setFailure(undefined);
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
    <Step title={t('details.title')} sub={t('details.sub')} onSubmit={() => void submit()} noValidate>
      <Fields
        rows={FIELDS}
        values={values}
        onInput={(key, v) => setValues((old) => ({ ...old, [key]: v }))}
        errors={touched ? errors : undefined}
      />
      <SubmitRow label={t('common.continue')} busy={busy} failure={failure} />
    </Step>
  );
}

export function MyGovStep(props: { onDone: (linked: boolean) => void }) {
  const [linking, setLinking] = useState(false);
  return (
    <Step title={t('mygov.title')} sub={t('mygov.sub')}>
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
    </Step>
  );
}
