// A form of Site content fields with the server's answer to a save: its
// field errors beside the fields (the first one focused), its message
// announced, and a 409 told as "changed by someone else — reload".
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { Doc, SiteField } from '../../api/site-admin';
import { FieldEditor } from './field-editor';

export interface RecordFormProps {
  fields: SiteField[];
  draft: Doc;
  setDraft: (d: Doc) => void;
  errors: Record<string, string>;
  /** The message shown above the form after a refused save. */
  message: string;
  /** The form's element id prefix (for the fields' ids). */
  prefix: string;
  onSubmit: () => void;
  children?: ReactNode;
  formId?: string;
}

export function RecordForm({ fields, draft, setDraft, errors, message, prefix, onSubmit, children, formId }: RecordFormProps) {
  const ownId = useId();
  const id = formId ?? ownId;
  const status = useRef<HTMLDivElement>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <form id={id} className="admin-form" onSubmit={submit} noValidate>
      <div ref={status} role="alert" className={message ? 'admin-form-message' : undefined}>
        {message}
      </div>
      {fields.map((f) => (
        <FieldEditor key={f.key} field={f} value={draft[f.key]} onChange={(v) => setDraft({ ...draft, [f.key]: v })} path={f.key} prefix={prefix} errors={errors} />
      ))}
      {children}
    </form>
  );
}
