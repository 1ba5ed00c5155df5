/** Choosing the institution (with search), then the pathway when the institution offers both. */
import { useMemo, useState } from 'preact/hooks';
import type { Pathway } from '../../../../protocol/api.js';
import type { Institution } from '../api-client.js';
import { t } from '../i18n.js';
import { BankMark, Button, Notice, StepHeading } from '../ui.js';
import type { JourneyKey } from '../words/en-AU.js';

export function BanksStep(props: {
  focus: boolean;
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
    <div class="hj-step">
      <StepHeading focus={props.focus} sub={t('banks.sub')}>
        {t('banks.title')}
      </StepHeading>
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
      {props.loadError ? <Notice kind="error">{t(props.loadError)}</Notice> : null}
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
    </div>
  );
}

const PATHWAY_TEXT: Record<Pathway, { title: JourneyKey; text: JourneyKey }> = {
  cdr: { title: 'pathway.cdr.title', text: 'pathway.cdr.text' },
  crawler: { title: 'pathway.crawler.title', text: 'pathway.crawler.text' },
};

export function BankStep(props: {
  focus: boolean;
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
    <form
      class="hj-step"
      onSubmit={(e) => {
        e.preventDefault();
        props.onContinue(pathway);
      }}
    >
      <div class="hj-bank-head">
        <BankMark name={institution.name} colour={institution.colour} large />
        <StepHeading focus={props.focus} sub={t(choose ? 'bank.how' : PATHWAY_TEXT[pathway].text)}>
          {institution.name}
        </StepHeading>
      </div>
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
      {props.failure ? <Notice kind="error">{t(props.failure)}</Notice> : null}
      <div class="hj-actions hj-actions-split">
        <Button type="submit" busy={props.busy}>
          {t('common.continue')}
        </Button>
        <Button variant="secondary" onClick={props.onBack}>
          {t('common.otherBank')}
        </Button>
      </div>
    </form>
  );
}
