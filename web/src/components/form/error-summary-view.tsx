// The error summary's list, title mark and focus (error-summary.tsx says
// what it is for and loads this file when a form first has a problem).
import { useLayoutEffect, useRef } from 'react';
import type { FieldErrors } from './form-kit';
import { t } from '@/i18n';
import type { ErrorSummaryProps } from './error-summary';
import { goToField } from './go-to-field';

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


/** useErrorTitle starts the page title with "Error: " while active. It
 * runs as the summary is put on the page, so no reader ever meets the
 * summary under the old title. */
export function useErrorTitle(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    const ERROR_PREFIX = t('form.errorPrefix');
    if (!document.title.startsWith(ERROR_PREFIX)) document.title = ERROR_PREFIX + document.title;
    return () => {
      if (document.title.startsWith(ERROR_PREFIX)) document.title = document.title.slice(ERROR_PREFIX.length);
    };
  }, [active]);
}

/** ErrorSummaryView is the list of a form's problems, each a link to its field. */
export default function ErrorSummaryView({ prefix, order, errors, notice, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const items = summaryItems(errors, order);
  const active = items.length > 0 || Boolean(notice);
  useErrorTitle(active);
  // The focus moves in the same step that shows the summary (a layout
  // effect), not a frame later, so a screen reader announces it at once
  // and a key pressed in between cannot land elsewhere.
  useLayoutEffect(() => {
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
