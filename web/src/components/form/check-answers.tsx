// "Check your answers": before a long form is sent, the person sees every
// answer grouped as on the form, each with a Change link that takes them
// back to that very field, then sends with one button. What they typed is
// never lost going back and forth: the form keeps its values (and its
// draft) while this summary is shown.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { goToField } from './error-summary';
import { optionText } from './form-kit';
import './check-answers.css';
import { t } from '@/i18n';

export interface AnswerRow {
  /** key is the field's key: its control's id is `${prefix}-${key}`. */
  key: string;
  label: string;
  value: string | readonly string[] | boolean | undefined;
}

export interface AnswerSection {
  title: string;
  rows: AnswerRow[];
}

/** answerText writes a value as the summary shows it. */
export function answerText(value: AnswerRow['value']): string {
  if (typeof value === 'boolean') return t(value ? 'check.yes' : 'check.no');
  if (Array.isArray(value)) return value.length ? value.map(optionText).join(', ') : t('check.notGiven');
  const s = typeof value === 'string' ? value.trim() : '';
  return s ? optionText(s) : t('check.notGiven');
}

/** useCheckStep holds whether the summary is shown, and brings the
 * person back to a field when they choose to change it. */
export function useCheckStep(prefix: string) {
  const [checking, setChecking] = useState(false);
  const focusKey = useRef<string | null>(null);
  // Once the form is back on screen, the field to change takes the focus.
  useEffect(() => {
    if (checking || focusKey.current === null) return;
    goToField(prefix, focusKey.current);
    focusKey.current = null;
  }, [checking, prefix]);
  return {
    checking,
    /** change goes back to the form at the field key. */
    change: (key: string) => {
      focusKey.current = key;
      setChecking(false);
    },
    /** back goes back to the form where it was. */
    back: () => setChecking(false),
    /** sending runs the form's request; when it fails the form is shown
     * again, where the error summary says why. */
    sending: async <R,>(request: () => Promise<R>): Promise<R> => {
      try {
        return await request();
      } catch (err) {
        setChecking(false);
        throw err;
      }
    },
    /** proceed is the form's onSubmit: with problems the form's own
     * submit shows them; without, the summary is shown instead. */
    proceed: (e: FormEvent, problems: object, submit: (e: FormEvent) => void) => {
      if (Object.keys(problems).length > 0) {
        submit(e);
        return;
      }
      e.preventDefault();
      setChecking(true);
    },
  };
}

interface Props {
  prefix: string;
  sections: AnswerSection[];
  busy: boolean;
  onChange: (key: string) => void;
  onBack: () => void;
  onSend: (e: FormEvent) => void;
}

/** CheckAnswers is the summary with its Change links and the send button. */
export function CheckAnswers({ prefix, sections, busy, onChange, onBack, onSend }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    if (typeof heading.current?.scrollIntoView === 'function') heading.current.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section className="form-card check-answers" aria-labelledby={`${prefix}-check-title`}>
      <h2 id={`${prefix}-check-title`} ref={heading} tabIndex={-1}>
        {t('check.title')}
      </h2>
      <p>{t('check.intro')}</p>
      {sections.map((s) => (
        <div key={s.title} className="check-section">
          <h3>{s.title}</h3>
          <dl className="check-list">
            {s.rows.map((r) => (
              <div key={r.key} className="check-row">
                <dt>{r.label}</dt>
                <dd className="check-value">{answerText(r.value)}</dd>
                <dd className="check-change">
                  <a
                    href={`#${prefix}-${r.key}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onChange(r.key);
                    }}
                  >
                    {t('check.change')} <span className="visually-hidden">{r.label.toLowerCase()}</span>
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <form noValidate onSubmit={onSend} className="check-send">
        <button type="submit" className="btn btn-primary form-submit" disabled={busy} data-again={t('form.submit')}>
          {busy ? 'Sending...' : t('check.confirm')}
        </button>
        <button type="button" className="btn form-secondary" onClick={onBack}>
          {t('check.back')}
        </button>
      </form>
    </section>
  );
}
