// The form building blocks of the public forms (volunteer, disciple,
// host, contact, the account forms): a label on every control, the error
// beside its field tied with aria-describedby and aria-invalid, the error
// summary above the form, 44 px targets. Shared by the form features.
import { useEffect, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { ApiError } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { clearDraft, keepable, loadDraft, pruneDrafts, saveDraft, type Draft } from '@/lib/drafts';
import { shownNotice } from '@/lib/shown-notice';
import { fieldElement, preloadErrorSummary, type ErrorSummaryProps } from './error-summary';
import { usePreloadAfterLoad } from './after-load';
import { FieldError, RequiredMark, describedBy } from './field-parts';
import { SessionNotice, markResend, takeResend } from './session-ended';
import './forms.css';
import { hasMessage, t } from '@/i18n';

export type FieldErrors = Record<string, string | undefined>;

interface FieldShell {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

function Shell({ id, label, error, hint, required, children }: FieldShell & { children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

type InputProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;

/** TextInput is a labelled one-line input. */
export function TextInput({ id, label, error, hint, required, ...input }: InputProps) {
  return (
    <Shell id={id} label={label} error={error} hint={hint} required={required}>
      <input
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Shell>
  );
}

type AreaProps = FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'>;

/** TextArea is a labelled multi-line input. */
export function TextArea({ id, label, error, hint, required, ...area }: AreaProps) {
  return (
    <Shell id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={id}
        rows={4}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...area}
      />
    </Shell>
  );
}

type SelectProps = FieldShell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> & {
    options: readonly string[];
    placeholder: string;
    /** optionLabel shows a choice (its value) in the page's language; optionText by default. */
    optionLabel?: (o: string) => string;
  };

/** SelectInput is a labelled dropdown whose first, empty option is placeholder. */
export function SelectInput({ id, label, error, hint, required, options, placeholder, optionLabel = optionText, ...select }: SelectProps) {
  return (
    <Shell id={id} label={label} error={error} hint={hint} required={required}>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** optionText shows a choice of a list (stored in English) in the
 * language of the page, when the catalogue has it (option.<value>). */
export function optionText(o: string): string {
  return hasMessage(`option.${o}`) ? t(`option.${o}`) : o;
}

interface CheckGroupProps {
  id: string;
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: ReactNode;
}

/** CheckGroup is a multiple choice as a group of checkboxes: easier than
 * a multi-select list on a phone or with a shaky hand. */
export function CheckGroup({ id, legend, options, value, onChange, error, hint }: CheckGroupProps) {
  return (
    <fieldset className="form-group" aria-describedby={describedBy(id, error, hint)} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {options.map((o, i) => (
        <label key={o} className="form-check" htmlFor={`${id}-${i}`}>
          <input
            id={`${id}-${i}`}
            type="checkbox"
            checked={value.includes(o)}
            onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => v !== o))}
          />
          <span>{optionText(o)}</span>
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
}

/** Checkbox is one labelled checkbox (a consent) with its error. */
export function Checkbox({ id, label, checked, onChange, error, required }: CheckboxProps) {
  return (
    <div className="form-field">
      <label className="form-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {label}
          <RequiredMark required={required} />
        </span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

const EMAIL_RE = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/;

/** isEmail is the same loose shape check the server starts with. */
export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v.trim());
}

/** isPhone accepts digits with the usual separators, 6 to 15 digits; the
 * server checks the number properly. */
export function isPhone(v: string): boolean {
  const t = v.trim();
  const digits = t.replace(/\D/g, '');
  return /^[+\d\s().-]+$/.test(t) && digits.length >= 6 && digits.length <= 15;
}

/** fieldSentence makes a server's short message ("must be a valid email
 * address") a sentence with the field's label, read from the page. */
function fieldSentence(prefix: string, key: string, msg: string): string {
  if (!/^[a-z]/.test(msg)) return msg;
  const el = fieldElement(prefix, key);
  const label = (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? el.labels?.[0]?.textContent : '') ?? '';
  const name = label.replace(/\s*\*\s*$/, '').trim() || key;
  return `${name} ${msg}.`;
}

/** serverErrors keeps the server's field messages for the known fields
 * (the others are named in the server's message) as sentences. */
export function serverErrors(prefix: string, errors: Record<string, string>, known: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const k of known) if (errors[k]) out[k] = fieldSentence(prefix, k, errors[k]);
  return out;
}

interface Shown<T> {
  /** errors as set by the last submit. */
  errors: FieldErrors;
  /** server: those the server found, which the page cannot check again. */
  server: FieldErrors;
  /** at: the values they were found in. */
  at: T | null;
}

function sameField<T>(a: T, b: T | null, key: string): boolean {
  if (b === null) return false;
  const get = (v: T) => JSON.stringify((v as Record<string, unknown>)[key] ?? null);
  return get(a) === get(b);
}

/** liveErrors are the errors of the last submit as they stand now: a
 * field's message goes as soon as the field is right (or changes, for a
 * problem only the server could see), and follows the field while wrong. */
export function liveErrors<T>(shown: Shown<T>, values: T, validate: (v: T) => FieldErrors): FieldErrors {
  const keys = Object.keys(shown.errors).filter((k) => shown.errors[k]);
  if (keys.length === 0) return {};
  const fresh = validate(values);
  const out: FieldErrors = {};
  for (const k of keys) {
    if (fresh[k]) out[k] = fresh[k];
    else if (shown.server[k] && sameField(values, shown.at, k)) out[k] = shown.server[k];
  }
  return out;
}

/** DraftOptions keep a form's draft in this browser as the person types. */
export interface DraftOptions<T> {
  /** form names the draft ("volunteer"). */
  form: string;
  /** empty is the form with nothing typed in it ("Clear this form"). */
  empty: T;
  setValues: (values: T) => void;
  /** secret fields are never written down (password fields always are not). */
  secret?: readonly string[];
}

/** A FormPart is a piece of a form that a shared component keeps (the "on
 * behalf of an elder" fieldset): body() gives the fields it adds to what
 * is sent (or null), answered() hears how the send ended: ok, or the
 * server's field errors. */
export interface FormPart {
  body: () => Record<string, unknown> | null;
  answered: (ok: boolean, errors: Record<string, string>) => void;
}

export interface FormSubmitOptions<T> {
  /** prefix of the controls' ids, for the summary's links. */
  prefix: string;
  /** order is the fields in page order; server errors of other names are dropped. */
  order: readonly string[];
  /** values are the form's current values: the errors shown are checked again as they change. */
  values: T;
  validate: (values: T) => FieldErrors;
  /** send makes the call and everything a success does (toast, redirect);
   * extra holds the part's fields, to add to the request's body. */
  send: (values: T, extra: Record<string, unknown>) => Promise<void>;
  /** failed tells the visitor the call failed (the toast); field errors are shown by the hook. */
  failed: (err: unknown) => void;
  draft?: DraftOptions<T>;
  /** part is a shared piece of the form that sends its own fields. */
  part?: FormPart;
  /** notice names the form's privacy notice: the one it showed is sent in extra. */
  notice?: string;
}

/** networkProblem is what a submit that never reached the server says. */
export function networkProblem(button: string): string {
  return t('form.network', { button });
}

/** DraftControls are what the draft notice and the clear button use. */
export interface DraftControls {
  /** restoredAt: when the draft put back into the form on return was
   * typed (ms since the epoch), until the person discards it or sends. */
  restoredAt: number | null;
  /** discard empties the form put back and forgets its draft (undoable). */
  discard: () => void;
  /** cleared: the form was just cleared and can be put back. */
  cleared: boolean;
  clear: () => void;
  undoClear: () => void;
  /** sessionEnded: the last send was refused because the session ended. */
  sessionEnded?: boolean;
  /** resumed: the form was filled in again after signing in. */
  resumed?: boolean;
}

function sameKept<T extends object>(a: Partial<T>, b: Partial<T>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** useDraft keeps the form's draft and, when the person comes back to the
 * form (Back from another page, a reload, another visit), puts it back by
 * itself and says so. */
function useDraft<T>(values: T, draft: DraftOptions<T> | undefined, reset: () => void): DraftControls & { sent: () => void } {
  const form = draft?.form ?? '';
  const secret = draft?.secret;
  // The draft found on arrival, put back into the form on the first render.
  const [found] = useState<Draft<T> | null>(() => {
    if (!draft) return null;
    pruneDrafts();
    const d = loadDraft<T>(form);
    return d && !sameKept(d.values, keepable(values as object, secret) as Partial<T>) ? d : null;
  });
  const [putBack, setPutBack] = useState(false);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [cleared, setCleared] = useState<T | null>(null);
  // Back from signing in after a refused send, the same happens, and the
  // notice says the form is ready to send again.
  const [resumed] = useState(() => takeResend(form));
  if (found && draft && !putBack) {
    setPutBack(true);
    if (!resumed) setRestoredAt(found.savedAt);
    draft.setValues({ ...values, ...found.values });
  }
  // sentAs: the values just sent, which are not kept again (what is typed
  // after them is).
  const [sentAs, setSentAs] = useState<string | null>(null);
  const kept = draft ? JSON.stringify(keepable(values as object, secret)) : '';
  useEffect(() => {
    // Until the draft found is back in the form, it is not overwritten.
    if (!form || (found && !putBack) || kept === sentAs) return;
    saveDraft(form, JSON.parse(kept) as object);
  }, [form, kept, found, putBack, sentAs]);
  const clear = () => {
    if (!draft) return;
    setCleared(values);
    setRestoredAt(null);
    clearDraft(form);
    reset();
    draft.setValues(draft.empty);
  };
  return {
    resumed: resumed && putBack,
    restoredAt,
    discard: clear,
    cleared: cleared !== null,
    clear,
    undoClear: () => {
      if (!draft || cleared === null) return;
      draft.setValues(cleared);
      setCleared(null);
    },
    sent: () => {
      if (!form) return;
      clearDraft(form);
      setRestoredAt(null);
      setSentAs(kept);
    },
  };
}

/** useFormSubmit runs the submit of a form: check on the client, show the
 * problems in the error summary and beside the fields, call the server
 * once at a time, and show the server's field errors the same way. A
 * field's message goes away as soon as the field is corrected. With a
 * draft, what is typed is kept in the browser until it is sent; a submit
 * that cannot reach the server says so and keeps everything. */
export function useFormSubmit<T>(opts: FormSubmitOptions<T>) {
  const [shown, setShown] = useState<Shown<T>>({ errors: {}, server: {}, at: null });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [sessionEnded, setSessionEnded] = useState(false);
  const errors = liveErrors(shown, opts.values, opts.validate);
  usePreloadAfterLoad(preloadErrorSummary);
  const draft = useDraft(opts.values, opts.draft, () => {
    setShown({ errors: {}, server: {}, at: null });
    setNotice('');
  });

  /** submit is the onSubmit of the form; blocked refuses a second send. */
  async function submit(e: FormEvent, values: T = opts.values, blocked = false): Promise<void> {
    e.preventDefault();
    if (busy || blocked) return;
    const submitter = (e.nativeEvent as SubmitEvent | undefined)?.submitter;
    // A button sent from another step (Confirm and send) names, in
    // data-again, the button the person will see again on the form.
    const button = submitter?.dataset.again || submitter?.textContent?.trim() || t('form.send');
    const fe = opts.validate(values);
    setShown({ errors: fe, server: {}, at: values });
    setNotice('');
    setSessionEnded(false);
    setAttempt((a) => a + 1);
    if (Object.keys(fe).length > 0) return;
    setBusy(true);
    const part = opts.part;
    try {
      await opts.send(values, { ...shownNotice(opts.notice), ...part?.body() });
      part?.answered(true, {});
      draft.sent();
    } catch (err) {
      if (err instanceof ApiError) part?.answered(false, err.errors);
      if (err instanceof ApiError && err.status === 0) {
        // The request never reached the server: say so plainly, keep everything.
        setNotice(networkProblem(button));
      } else if (err instanceof ApiError && err.status === 401 && opts.draft) {
        // The session ended: nothing was saved; the draft waits for the
        // person to sign in again and come back.
        setSessionEnded(true);
        markResend(opts.draft.form);
      } else {
        opts.failed(err);
      }
      if (err instanceof ApiError) {
        const se = serverErrors(opts.prefix, err.errors, opts.order);
        setShown({ errors: se, server: se, at: values });
      }
      setAttempt((a) => a + 1);
    } finally {
      setBusy(false);
    }
  }
  const summary: ErrorSummaryProps = { prefix: opts.prefix, order: opts.order, errors, notice, attempt };
  const { sent: _sent, ...controls } = draft;
  void _sent;
  return { errors, busy, submit, summary, draft: { ...controls, sessionEnded } };
}

/** DraftNotice says, at the top of the form beside its first field, that
 * what the person typed before was put back (with a Discard button), and
 * offers an undo just after the form was cleared. */
export function DraftNotice({ draft }: { draft: DraftControls }) {
  if (draft.sessionEnded) return <SessionNotice ended />;
  if (draft.resumed) return <SessionNotice ended={false} />;
  if (draft.restoredAt !== null) {
    return (
      <div className="form-note draft-notice" role="region" aria-label={t('form.draftRegion')}>
        <p role="status">{t('form.draftRestored', { when: formatWhen(draft.restoredAt) })}</p>
        <div className="form-actions">
          <button type="button" className="btn form-secondary" onClick={draft.discard}>
            {t('form.discard')}
          </button>
        </div>
      </div>
    );
  }
  if (draft.cleared) {
    return (
      <div className="form-note draft-notice" role="status">
        <p>{t('form.cleared')}</p>
        <button type="button" className="btn form-secondary" onClick={draft.undoClear}>
          {t('form.undoClear')}
        </button>
      </div>
    );
  }
  return null;
}

/** ClearFormButton empties the form and forgets its draft. */
export function ClearFormButton({ draft }: { draft: DraftControls }) {
  return (
    <button type="button" className="btn form-secondary form-clear" onClick={draft.clear}>
      {t('form.clear')}
    </button>
  );
}

export { ErrorSummary, goToField } from './error-summary';
