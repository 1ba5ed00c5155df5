/** Small accessible building blocks of the journey pages: real buttons, labelled fields, a focusable heading. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from './i18n.js';

/** The step's heading; takes focus when a later step mounts so screen readers announce the new step. */
export function StepHeading(props: { children: ComponentChildren; focus?: boolean; sub?: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (props.focus) ref.current?.focus({ preventScroll: true });
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

export function Field(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  error?: string | undefined;
}) {
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
