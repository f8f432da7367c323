// The error summary at the top of a form: after a submit with problems it
// lists each one as a link that takes the person to its field, takes the
// focus so a screen reader reads it at once, and puts "Error: " before
// the page title while problems remain. A problem that is not about a
// field (the connection dropped) is shown in it too, without a link.
import { useEffect, useRef } from 'react';
import type { FieldErrors } from './form-kit';
import { t } from '@/i18n';

/** fieldElement is the control of a field: its input, or the first box of
 * a group of checkboxes. */
export function fieldElement(prefix: string, key: string): HTMLElement | null {
  return document.getElementById(`${prefix}-${key}`) ?? document.getElementById(`${prefix}-${key}-0`);
}

/** goToField moves the focus to a field's control and brings its label
 * into view with it, so the person sees the question as well as the box. */
export function goToField(prefix: string, key: string): void {
  const el = fieldElement(prefix, key);
  if (!el) return;
  const shell = el.closest('.form-field, fieldset, .form-date') ?? el;
  if (typeof shell.scrollIntoView === 'function') shell.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}

/** summaryItems are the problems in page order: the known fields first,
 * then any other the server named; a message said twice is listed once. */
export function summaryItems(errors: FieldErrors, order: readonly string[]): { key: string; text: string }[] {
  const keys = [...order.filter((k) => errors[k]), ...Object.keys(errors).filter((k) => errors[k] && !order.includes(k))];
  const seen = new Set<string>();
  const out: { key: string; text: string }[] = [];
  for (const key of keys) {
    const text = errors[key] as string;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ key, text });
  }
  return out;
}


/** useErrorTitle starts the page title with "Error: " while active. */
export function useErrorTitle(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ERROR_PREFIX = t('form.errorPrefix');
    if (!document.title.startsWith(ERROR_PREFIX)) document.title = ERROR_PREFIX + document.title;
    return () => {
      if (document.title.startsWith(ERROR_PREFIX)) document.title = document.title.slice(ERROR_PREFIX.length);
    };
  }, [active]);
}

export interface ErrorSummaryProps {
  prefix: string;
  order: readonly string[];
  errors: FieldErrors;
  /** notice is a problem about the whole form (no connection). */
  notice?: string;
  /** attempt counts the submits: the summary takes the focus after each. */
  attempt: number;
}

/** ErrorSummary is the list of a form's problems, each a link to its field. */
export function ErrorSummary({ prefix, order, errors, notice, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const items = summaryItems(errors, order);
  const active = items.length > 0 || Boolean(notice);
  useErrorTitle(active);
  useEffect(() => {
    if (attempt > 0 && active) ref.current?.focus();
    // Only a new submit moves the focus; fixing a field must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (!active) return null;
  const titleId = `${prefix}-error-summary-title`;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby={titleId} id={`${prefix}-error-summary`}>
      <div role="alert">
        <h2 id={titleId} className="error-summary-title">
          {t('form.errorTitle')}
        </h2>
        {notice ? <p className="error-summary-notice">{notice}</p> : null}
        {items.length > 0 ? (
          <ul className="error-summary-list">
            {items.map(({ key, text }) => (
              <li key={key}>
                <a
                  href={`#${prefix}-${key}`}
                  onClick={(e) => {
                    e.preventDefault();
                    goToField(prefix, key);
                  }}
                >
                  {text}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
