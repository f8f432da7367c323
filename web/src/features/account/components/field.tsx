// A labelled input or textarea with its error beside it.
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

type Common = { id: string; label: string; error?: string };

function describe(id: string, error?: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="account-field-error">
      {error}
    </p>
  ) : null;
}

export function InputField({ id, label, error, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...describe(id, error)} {...input} />
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
