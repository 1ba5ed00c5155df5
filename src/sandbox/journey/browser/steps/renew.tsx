/**
 * Renew mode: the consent's bank, accounts and sharing period shown pre-selected (an amendment may pre-select the
 * current consent, CDR rule 4.12C), one choice the customer may change (the period), then the bank; and the end once
 * the bank approved. Nothing here changes the consent: that is the bank's approval (journey-state.ts).
 */
import { useState } from 'preact/hooks';
import type { JourneyRenewalBody } from '../../../../protocol/journey-api.js';
import { formatDate, formatDays, t } from '../i18n.js';
import { Button, Failure, Notice, Step } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

/** The periods offered: the consent's own first (pre-selected), then the usual ones up to the longest allowed. */
function periods(renewal: JourneyRenewalBody): number[] {
  const usual = [90, 180, 365].filter((d) => d <= renewal.max_sharing_days);
  return [...new Set([renewal.sharing_days, ...usual])];
}

const dateOf = (iso: string | null) => (iso ? formatDate(new Date(iso)) : '');

export function RenewStep(props: {
  vendor: string;
  renewal: JourneyRenewalBody;
  busy: boolean;
  failure: JourneyKey | undefined;
  onContinue: (sharingDays: number) => void;
}) {
  const { renewal, vendor } = props;
  const [days, setDays] = useState(renewal.sharing_days);
  const bank = renewal.institution.name;
  const date = dateOf(renewal.sharing_expires_at);
  const ended = renewal.status === 'expired';
  return (
    <Step
      title={t('renew.title', { bank })}
      sub={t(ended ? 'renew.subEnded' : 'renew.sub', { bank, vendor, date })}
      bank={{ name: bank, colour: renewal.institution.colour }}
    >
      <section class="hj-shared" aria-labelledby="hj-renew-accounts">
        <h2 id="hj-renew-accounts">{t('renew.accounts')}</h2>
        <ul class="hj-renew-accounts">
          {renewal.accounts.map((a) => (
            <li key={a.account_id} data-account-id={a.account_id}>
              {a.label}
            </li>
          ))}
        </ul>
      </section>
      <div class="hj-field">
        <label for="hj-renew-period">{t('renew.period')}</label>
        <select
          id="hj-renew-period"
          name="sharing_days"
          value={String(days)}
          onChange={(e) => setDays(Number((e.currentTarget as HTMLSelectElement).value))}
        >
          {periods(renewal).map((d) => (
            <option key={d} value={String(d)}>
              {formatDays(d)}
            </option>
          ))}
        </select>
      </div>
      <Notice>{t('renew.unchanged', { bank })}</Notice>
      <Failure of={props.failure} />
      <div class="hj-actions">
        <Button onClick={() => props.onContinue(days)} busy={props.busy} name="renew">
          {t('common.continue')}
        </Button>
      </div>
    </Step>
  );
}

export function RenewedStep(props: { framed: boolean; vendor: string; renewal: JourneyRenewalBody }) {
  const { renewal } = props;
  const sub = t(props.framed ? 'renewed.subFramed' : 'renewed.sub', {
    bank: renewal.institution.name,
    vendor: props.vendor,
    date: dateOf(renewal.sharing_expires_at),
  });
  return (
    <Step
      title={t('renewed.title')}
      sub={sub}
      class="hj-centre"
      mark={
        <span class="hj-tick" aria-hidden="true">
          ✓
        </span>
      }
    ></Step>
  );
}
