/** Choosing the institution (with search), then the pathway when the institution offers both. */
import { useMemo, useState } from 'preact/hooks';
import type { Pathway } from '../../../../protocol/api.js';
import type { Institution } from '../api-client.js';
import { t } from '../i18n.js';
import { BankMark, Failure, Step, SubmitRow } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

export function BanksStep(props: {
  institutions: Institution[] | undefined;
  loadError?: JourneyKey | undefined;
  onSelect: (institution: Institution) => void;
}) {
  const [query, setQuery] = useState('');
  const list = props.institutions ?? [];
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? list.filter((i) => i.name.toLowerCase().includes(q) || i.id.includes(q)) : list;
  }, [query, list]);

  return (
    <Step title={t('banks.title')} sub={t('banks.sub')}>
      <div class="hj-field hj-search">
        <label for="bank-search">{t('banks.search')}</label>
        <input
          id="bank-search"
          type="search"
          value={query}
          autoComplete="off"
          placeholder={t('banks.searchExample')}
          onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
          aria-controls="bank-list"
        />
      </div>
      <Failure of={props.loadError} />
      {!props.institutions && !props.loadError ? (
        <p class="hj-muted" role="status">
          {t('banks.loading')}
        </p>
      ) : null}
      <ul class="hj-banks" id="bank-list" aria-label={t('banks.list')}>
        {shown.map((inst) => (
          <li key={inst.id}>
            <button type="button" class="hj-bank" data-institution={inst.id} onClick={() => props.onSelect(inst)}>
              <BankMark name={inst.name} colour={inst.colour} />
              <span class="hj-bank-name">{inst.name}</span>
              <span class="hj-bank-tags">
                {inst.pathways.includes('cdr') ? <span class="hj-tag">{t('banks.cdrTag')}</span> : null}
                {inst.pathways.includes('crawler') ? (
                  <span class="hj-tag hj-tag-alt">{t('banks.crawlerTag')}</span>
                ) : null}
              </span>
              <span class="hj-chevron" aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
      {props.institutions && shown.length === 0 ? (
        <p class="hj-muted" role="status">
          {t('banks.none', { query })}
        </p>
      ) : null}
    </Step>
  );
}

const PATHWAY_TEXT: Record<Pathway, { title: JourneyKey; text: JourneyKey }> = {
  cdr: { title: 'pathway.cdr.title', text: 'pathway.cdr.text' },
  crawler: { title: 'pathway.crawler.title', text: 'pathway.crawler.text' },
};

export function BankStep(props: {
  institution: Institution;
  busy: boolean;
  failure?: JourneyKey | undefined;
  onContinue: (pathway: Pathway) => void;
  onBack: () => void;
}) {
  const { institution } = props;
  const [pathway, setPathway] = useState<Pathway>(institution.pathways[0] ?? 'cdr');
  const choose = institution.pathways.length > 1;
  return (
    <Step
      title={institution.name}
      sub={t(choose ? 'bank.how' : PATHWAY_TEXT[pathway].text)}
      bank={institution}
      onSubmit={() => props.onContinue(pathway)}
    >
      {choose ? (
        <fieldset class="hj-pathways">
          <legend class="hj-visually-hidden">{t('bank.method')}</legend>
          {institution.pathways.map((p) => (
            <label key={p} class={`hj-pathway${pathway === p ? ' hj-pathway-on' : ''}`}>
              <input type="radio" name="pathway" value={p} checked={pathway === p} onChange={() => setPathway(p)} />
              <span>
                <strong>{t(PATHWAY_TEXT[p].title)}</strong>
                <span class="hj-muted">{t(PATHWAY_TEXT[p].text)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <SubmitRow label={t('common.continue')} busy={props.busy} failure={props.failure} onBack={props.onBack} />
    </Step>
  );
}
