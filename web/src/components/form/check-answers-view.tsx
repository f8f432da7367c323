// The "Check your answers" summary itself, loaded when a form first shows
// it (check-answers.tsx): most visits to a form never get that far.
import { useLayoutEffect, useRef } from 'react';
import type { AnswerRow, CheckAnswersProps as Props } from './check-answers';
import { optionText } from './form-kit';
import './check-answers.css';
import { t } from '@/i18n';

/** answerText writes a value as the summary shows it. */
export function answerText(value: AnswerRow['value']): string {
  if (typeof value === 'boolean') return t(value ? 'check.yes' : 'check.no');
  if (Array.isArray(value)) return value.length ? value.map(optionText).join(', ') : t('check.notGiven');
  const s = typeof value === 'string' ? value.trim() : '';
  return s ? optionText(s) : t('check.notGiven');
}

/** CheckAnswers is the summary with its Change links and the send button. */
export default function CheckAnswers({ prefix, sections, busy, onChange, onBack, onSend }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves as the summary appears (a layout effect), not a frame later.
  useLayoutEffect(() => {
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
