/** Choosing the institution (with search), then the pathway when the institution offers both. */
import { useMemo, useState } from 'preact/hooks';
import type { Pathway } from '../../../../protocol/api.js';
import type { Institution } from '../api-client.js';
import { BankMark, Button, Notice, StepHeading } from '../ui.js';

export function BanksStep(props: {
  focus: boolean;
  institutions: Institution[] | undefined;
  loadError?: string | undefined;
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
      <StepHeading focus={props.focus} sub="Choose the bank where your salary or benefits are paid.">
        Select your bank
      </StepHeading>
      <div class="hj-field hj-search">
        <label for="bank-search">Search banks</label>
        <input
          id="bank-search"
          type="search"
          value={query}
          autoComplete="off"
          placeholder="e.g. Sandbox Bank"
          onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
          aria-controls="bank-list"
        />
      </div>
      {props.loadError ? <Notice kind="error">{props.loadError}</Notice> : null}
      {!props.institutions && !props.loadError ? (
        <p class="hj-muted" role="status">
          Loading banks…
        </p>
      ) : null}
      <ul class="hj-banks" id="bank-list" aria-label="Banks">
        {shown.map((inst) => (
          <li key={inst.id}>
            <button type="button" class="hj-bank" data-institution={inst.id} onClick={() => props.onSelect(inst)}>
              <BankMark name={inst.name} colour={inst.colour} />
              <span class="hj-bank-name">{inst.name}</span>
              <span class="hj-bank-tags">
                {inst.pathways.includes('cdr') ? <span class="hj-tag">Open Banking</span> : null}
                {inst.pathways.includes('crawler') ? <span class="hj-tag hj-tag-alt">Online banking login</span> : null}
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
          No bank matches “{query}”.
        </p>
      ) : null}
    </div>
  );
}

const PATHWAY_TEXT: Record<Pathway, { title: string; text: string }> = {
  cdr: {
    title: 'Connect with Open Banking (recommended)',
    text: 'You approve access on your bank’s own website. We never see your banking password.',
  },
  crawler: {
    title: 'Log in with your online banking details',
    text: 'Enter your internet banking username and password here; we retrieve your statements read-only.',
  },
};

export function BankStep(props: {
  focus: boolean;
  institution: Institution;
  busy: boolean;
  failure?: string | undefined;
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
        <StepHeading focus={props.focus} sub={choose ? 'How would you like to connect?' : PATHWAY_TEXT[pathway].text}>
          {institution.name}
        </StepHeading>
      </div>
      {choose ? (
        <fieldset class="hj-pathways">
          <legend class="hj-visually-hidden">Connection method</legend>
          {institution.pathways.map((p) => (
            <label key={p} class={`hj-pathway${pathway === p ? ' hj-pathway-on' : ''}`}>
              <input type="radio" name="pathway" value={p} checked={pathway === p} onChange={() => setPathway(p)} />
              <span>
                <strong>{PATHWAY_TEXT[p].title}</strong>
                <span class="hj-muted">{PATHWAY_TEXT[p].text}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {props.failure ? <Notice kind="error">{props.failure}</Notice> : null}
      <div class="hj-actions hj-actions-split">
        <Button type="submit" busy={props.busy}>
          Continue
        </Button>
        <Button variant="secondary" onClick={props.onBack}>
          Choose another bank
        </Button>
      </div>
    </form>
  );
}
