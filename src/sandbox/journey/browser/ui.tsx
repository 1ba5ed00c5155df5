/** Small accessible building blocks of the journey pages: real buttons, labelled fields, a focusable heading. */
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useEffect, useRef } from 'preact/hooks';
import { t } from './i18n.js';
import type { JourneyKey } from './words/en-AU.js';

/** True for every step after the first: its heading then takes focus as it mounts. Set by the step view. */
export const StepFocus = createContext(false);

/** The step's heading; takes focus when a later step mounts so screen readers announce the new step. */
export function StepHeading(props: { children: ComponentChildren; sub?: ComponentChildren }) {
  const focus = useContext(StepFocus);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div class="hj-heading">
      <h1 ref={ref} tabIndex={-1}>
        {props.children}
      </h1>
      {props.sub ? <p class="hj-sub">{props.sub}</p> : null}
    </div>
  );
}

export function Button(props: {
  children: ComponentChildren;
  onClick?: (e: MouseEvent) => void;
  type?: 'button' | 'submit';
  variant?: 'primary' | 'secondary' | 'link';
  disabled?: boolean;
  busy?: boolean;
  name?: string;
}) {
  const variant = props.variant ?? 'primary';
  return (
    <button
      type={props.type ?? 'button'}
      class={`hj-btn hj-btn-${variant}`}
      onClick={props.onClick}
      disabled={props.disabled || props.busy}
      aria-busy={props.busy ? 'true' : undefined}
      name={props.name}
    >
      {props.busy ? <span class="hj-spinner" aria-hidden="true" /> : null}
      {props.children}
    </button>
  );
}

/** What a field tells the browser: its kind, what it may fill in, which keyboard to show, whether it is required. */
export interface FieldInput {
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
}

/** An email address or a phone number: its input type, keyboard and autofill are all named after it. */
export const byType = (type: 'email' | 'tel'): FieldInput => ({ type, inputMode: type, autoComplete: type });

export function Field(
  props: FieldInput & {
    id: string;
    label: string;
    value: string;
    onInput: (value: string) => void;
    hint?: string | undefined;
    error?: string | undefined;
  },
) {
  const describedBy = [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div class={`hj-field${props.error ? ' hj-field-invalid' : ''}`}>
      <label for={props.id}>
        {props.label}
        {props.required ? null : <span class="hj-optional"> {t('common.optional')}</span>}
      </label>
      <input
        id={props.id}
        name={props.id}
        type={(props.type ?? 'text') as 'text' /* preact narrows input attributes per type */}
        value={props.value}
        onInput={(e) => props.onInput((e.currentTarget as HTMLInputElement).value)}
        autoComplete={props.autoComplete}
        required={props.required}
        inputMode={props.inputMode}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint ? (
        <p class="hj-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p class="hj-error-text" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function Notice(props: { kind?: 'info' | 'error' | 'success'; children: ComponentChildren }) {
  const kind = props.kind ?? 'info';
  return (
    <div class={`hj-notice hj-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

/** A bank's initials on its brand colour (set through the CSSOM: CSP-safe). */
export function BankMark(props: { name: string; colour?: string | undefined; large?: boolean }) {
  const initials = props.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <span
      class={`hj-bankmark${props.large ? ' hj-bankmark-lg' : ''}`}
      aria-hidden="true"
      style={props.colour ? { '--hj-bank': props.colour } : undefined}
    >
      {initials}
    </span>
  );
}

/** A step's bank, shown large beside its heading. */
export interface StepBank {
  name: string;
  colour?: string | undefined;
}

/**
 * A step's frame: its heading (beside the bank's mark when `bank` is given, after `mark` when given), then its
 * content. A form when `onSubmit` is given; the browser's own submission is prevented.
 */
export function Step(props: {
  title: ComponentChildren;
  sub?: ComponentChildren;
  class?: string;
  bank?: StepBank;
  mark?: ComponentChildren;
  onSubmit?: () => void;
  noValidate?: boolean;
  children?: ComponentChildren;
}) {
  const heading = <StepHeading sub={props.sub}>{props.title}</StepHeading>;
  const head = props.bank ? (
    <div class="hj-bank-head">
      <BankMark name={props.bank.name} colour={props.bank.colour} large />
      {heading}
    </div>
  ) : (
    heading
  );
  const cls = props.class ? `hj-step ${props.class}` : 'hj-step';
  const content = (
    <>
      {props.mark}
      {head}
      {props.children}
    </>
  );
  if (!props.onSubmit) return <div class={cls}>{content}</div>;
  const submit = props.onSubmit;
  return (
    <form
      class={cls}
      noValidate={props.noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {content}
    </form>
  );
}

/** The failure of a step's last try, in the customer's words, when there is one. */
export function Failure(props: { of: JourneyKey | undefined }) {
  return props.of ? <Notice kind="error">{t(props.of)}</Notice> : null;
}

/** A form's end: its failure, if any, the submit button, and the way back to the bank list when `onBack` is given. */
export function SubmitRow(props: {
  label: string;
  busy?: boolean;
  disabled?: boolean;
  failure?: JourneyKey | undefined;
  onBack?: () => void;
}) {
  return (
    <>
      <Failure of={props.failure} />
      <div class={props.onBack ? 'hj-actions hj-actions-split' : 'hj-actions'}>
        <Button type="submit" busy={props.busy} disabled={props.disabled}>
          {props.label}
        </Button>
        {props.onBack ? (
          <Button variant="secondary" onClick={props.onBack}>
            {t('common.otherBank')}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** A form's field as a table row: `key` names its value, `id` its input (the wire name), then its words. */
export interface FieldRow<K extends string> {
  key: K;
  id: string;
  label: JourneyKey;
  hint?: JourneyKey;
  input: FieldInput;
}

/** The fields of a form, from its table: each row's value, and its error once the form was tried. */
export function Fields<K extends string>(props: {
  rows: ReadonlyArray<FieldRow<K>>;
  values: Record<K, string>;
  onInput: (key: K, value: string) => void;
  errors?: Record<K, string | undefined> | undefined;
}) {
  return (
    <>
      {props.rows.map((f) => (
        <Field
          key={f.id}
          id={f.id}
          label={t(f.label)}
          hint={f.hint && t(f.hint)}
          value={props.values[f.key]}
          onInput={(v) => props.onInput(f.key, v)}
          error={props.errors?.[f.key]}
          {...f.input}
        />
      ))}
    </>
  );
}
