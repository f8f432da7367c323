// The small parts every control of the form kit shows the same way: the
// asterisk of a required answer (hidden from screen readers, which hear
// aria-required), the error below the control, and the ids of the hint and
// error a control is described by.
import type { ReactNode } from 'react';

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="form-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error?: ReactNode }) {
  return error ? (
    <p id={`${id}-error`} className="form-error">
      {error}
    </p>
  ) : null;
}
