// The date input: day, month and year in three labelled boxes, so that a
// date of birth is typed as people say it and never read two ways
// (03/04/1950). The form keeps the three parts in one string, year-month-
// day ("1948-5-2" while typing); dateValue turns it into the YYYY-MM-DD
// the server takes, and checkDate says what is wrong with it.
import type { ReactNode } from 'react';
import { FieldError, RequiredMark } from './field-parts';
import { isRealDate } from '@/lib/dates';
import { t } from '@/i18n';

interface Parts {
  day: string;
  month: string;
  year: string;
}

/** dateParts splits a stored value into its three boxes. */
export function dateParts(v: string): Parts {
  const [year = '', month = '', day = ''] = (v || '').split('-');
  return { day, month, year };
}

function joinParts(p: Parts): string {
  const clean = (s: string) => s.replace(/-/g, '');
  const joined = `${clean(p.year)}-${clean(p.month)}-${clean(p.day)}`;
  return joined === '--' ? '' : joined;
}

/** dateValue is the YYYY-MM-DD of a complete date, "" for an empty one and
 * the parts as typed otherwise (which checkDate refuses). */
export function dateValue(v: string): string {
  const { day, month, year } = dateParts(v);
  const d = day.trim(), m = month.trim(), y = year.trim();
  if (!d && !m && !y) return '';
  if (/^\d{1,2}$/.test(d) && /^\d{1,2}$/.test(m) && /^\d{4}$/.test(y)) return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return `${y}-${m}-${d}`;
}

export interface DateRules {
  required?: boolean;
  /** past: the date must be before today (YYYY-MM-DD). */
  pastOf?: string;
  /** notAfter: the date may not be after this day (today, for a signature). */
  notAfter?: string;
  min?: string;
  max?: string;
  /** rangeMsg is said for a date outside min..max. */
  rangeMsg?: string;
}

/** checkDate says what is wrong with a date named label, or "". */
export function checkDate(v: string, label: string, rules: DateRules = {}): string {
  const { day, month, year } = dateParts(v);
  const d = day.trim(), m = month.trim(), y = year.trim();
  if (!d && !m && !y) return rules.required ? t('date.required', { lower: label.toLowerCase() }) : '';
  const missing = [!d && t('date.aDay'), !m && t('date.aMonth'), !y && t('date.aYear')].filter(Boolean) as string[];
  if (missing.length > 0) return t('date.missing', { label, parts: missing.join(t('date.and')) });
  if (!/^\d{4}$/.test(y)) return t('date.year4', { label });
  const iso = dateValue(v);
  if (!isRealDate(iso)) return t('date.real', { label });
  if (rules.pastOf && iso >= rules.pastOf) return t('date.past', { label });
  if (rules.notAfter && iso > rules.notAfter) return t('date.future', { label });
  if ((rules.min && iso < rules.min) || (rules.max && iso > rules.max)) return rules.rangeMsg ?? t('date.outside', { label });
  return '';
}

interface DateInputProps {
  /** id of the day box; the others end in -month and -year. */
  id: string;
  legend: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** bday: the browser may fill in the person's own date of birth. */
  birthday?: boolean;
}

/** DateInput is a date as day, month and year boxes in one group. */
export function DateInput({ id, legend, value, onChange, error, hint, required, birthday }: DateInputProps) {
  const parts = dateParts(value);
  const set = (k: keyof Parts) => (e: { target: { value: string } }) => onChange(joinParts({ ...parts, [k]: e.target.value }));
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const box = (k: keyof Parts, label: string, boxId: string, width: string, auto: string) => (
    <div className="form-date-item">
      <label htmlFor={boxId}>{label}</label>
      <input
        id={boxId}
        className={`form-date-${width}`}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={k === 'year' ? 4 : 2}
        autoComplete={birthday ? auto : 'off'}
        aria-invalid={error ? true : undefined}
        value={parts[k]}
        onChange={set(k)}
      />
    </div>
  );
  return (
    <fieldset className="form-group form-date" role="group" aria-describedby={describedBy}>
      <legend>
        {legend}
        <RequiredMark required={required} />
      </legend>
      <p id={`${id}-hint`} className="form-hint">
        {hint ?? t('date.example')}
      </p>
      <div className="form-date-boxes">
        {box('day', t('date.day'), id, 'short', 'bday-day')}
        {box('month', t('date.month'), `${id}-month`, 'short', 'bday-month')}
        {box('year', t('date.year'), `${id}-year`, 'long', 'bday-year')}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
