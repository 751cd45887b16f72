/**
 * One labelled form field: the label names the input, the error is tied to it with
 * aria-describedby and announced politely (aria-live) as it appears.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Something beside the input (e.g. the SMS code button). */
  aside?: ReactNode;
  hint?: string;
}

export function FormField({ label, value, onChange, error, aside, hint, id, ...input }: FormFieldProps) {
  const auto = useId();
  const inputId = id ?? `f${auto}`;
  const errorId = `${inputId}-err`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`us-field${error ? ' us-field--error' : ''}`}>
      <label className="us-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="us-field__row">
        <input
          {...input}
          id={inputId}
          className="us-field__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {aside}
      </div>
      {hint && (
        <p className="us-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="us-field__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

/** A form-level message (server answer): announced at once. */
export function FormMessage({ text, tone = 'error' }: { text: string | null; tone?: 'error' | 'ok' }) {
  return (
    <p
      className={`us-form-msg us-form-msg--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
    >
      {text ?? ''}
    </p>
  );
}
