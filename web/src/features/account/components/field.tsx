// A labelled input or textarea with its error beside it.
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

type Common = { id: string; label: string; error?: string; hint?: string };

function describe(id: string, error?: string, hint?: string) {
  const by = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true as const } : {}), ...(by ? { 'aria-describedby': by } : {}) };
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="account-field-error">
      {error}
    </p>
  ) : null;
}

export function InputField({ id, label, error, hint, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="account-field-hint">
          {hint}
        </p>
      ) : null}
      <input id={id} {...describe(id, error, hint)} {...input} />
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function TextAreaField({ id, label, error, ...area }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...describe(id, error)} {...area} />
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** fieldText turns the server's short field error ("is required") into a
 * sentence with the field's label. */
export function fieldText(label: string, msg?: string): string | undefined {
  if (!msg) return undefined;
  return /^[a-z]/.test(msg) ? `${label} ${msg}.` : msg;
}
