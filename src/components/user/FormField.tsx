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

export interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  placeholder?: string;
  error?: string | null;
  /** The live character count under the box, e.g. (n, max) => `${n}/${max}`; none when absent. */
  count?: (length: number, max: number) => string;
}

/** A labelled multi-line field with (optionally) a live character count, and an error tied to it. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  maxLength,
  rows,
  placeholder,
  error,
  count,
}: TextAreaFieldProps) {
  return (
    <div className={`us-field${error ? ' us-field--error' : ''}`}>
      <label className="us-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="us-field__input us-textarea"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={count ? `${id}-count ${id}-err` : `${id}-err`}
      />
      {count && (
        <p className="us-field__hint us-count" id={`${id}-count`}>
          {count(value.length, maxLength)}
        </p>
      )}
      <p className="us-field__error" id={`${id}-err`} aria-live="polite">
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
