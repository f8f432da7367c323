// The needs assessment: a date, what the coordinator found in each area of
// the elder's life, and which of the program's eight services they need,
// each with a priority. What is typed is kept in this browser until it is
// saved, so a dropped connection or a closed tab loses nothing.
import { useState } from 'react';
import { DraftNotice, ErrorSummary, TextArea, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkCare } from './check';
import { assessmentSchema } from '@/lib/schemas/care/assessment.gen';
import { formatDay, todayISO } from '@/lib/dates';
import { useT } from '@/i18n';
import { addAssessment, ASSESSMENT_AREAS, PRIORITIES, SERVICES, type AssessmentArea, type CareRecord } from '../api/care-api';
import { Done, Problem, problemOf, word } from './shared';

type Values = Record<AssessmentArea, string> & { assessedOn: string; needs: Record<string, string> };

const P = 'care-assess';
const ORDER = ['assessedOn', ...ASSESSMENT_AREAS, 'needs', ...SERVICES.map((s) => `need-${s}`)] as const;

function emptyValues(): Values {
  const v = { assessedOn: todayISO(), needs: {} } as Values;
  for (const a of ASSESSMENT_AREAS) v[a] = '';
  return v;
}

/** validateAssessment checks what the page can: a real date not in the
 * future, texts within the limits of the assessment's definition, at
 * least one area described. */
export function validateAssessment(v: Values, t: (k: string, vals?: Record<string, string | number>) => string, today = todayISO()): FieldErrors {
  const e = checkCare(assessmentSchema, v, ['assessedOn'], today);
  if (ASSESSMENT_AREAS.every((a) => !v[a].trim())) e.health = t('care.err.assessmentEmpty');
  return e;
}

export function AssessmentForm({ record, onSaved }: { record: CareRecord; onSaved: () => void }) {
  const t = useT();
  const [values, setValues] = useState<Values>(emptyValues);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const { errors, busy, submit, summary, draft } = useFormSubmit<Values>({
    prefix: P,
    order: ORDER,
    values,
    validate: (v) => validateAssessment(v, t),
    draft: { form: `care-assessment-${record._id}`, empty: emptyValues(), setValues },
    send: async (v) => {
      setProblem('');
      setDone('');
      const needs = SERVICES.filter((s) => v.needs[s]).map((s) => ({ service: s, priority: v.needs[s] }));
      const areas = Object.fromEntries(ASSESSMENT_AREAS.map((a) => [a, v[a].trim()])) as Record<AssessmentArea, string>;
      await addAssessment(record._id, { assessedOn: v.assessedOn, ...areas, needs });
      setValues(emptyValues());
      setDone(t('care.assess.saved', { day: formatDay(v.assessedOn) }));
      onSaved();
    },
    failed: (err) => setProblem(problemOf(err)),
  });
  const text = (k: AssessmentArea) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));
  return (
    <section className="care-section" aria-labelledby={`${P}-title`}>
      <h2 id={`${P}-title`}>{t('care.assess.title')}</h2>
      <p>{t('care.assess.intro')}</p>
      <form className="care-form" noValidate onSubmit={(e) => submit(e, values)} aria-labelledby={`${P}-title`}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <TextInput id={`${P}-assessedOn`} type="date" label={t('care.assess.date')} required max={todayISO()} value={values.assessedOn} onChange={(e) => setValues((s) => ({ ...s, assessedOn: e.target.value }))} error={errors.assessedOn} />
        {ASSESSMENT_AREAS.map((a) => (
          <TextArea key={a} id={`${P}-${a}`} label={t(`care.area.${a}`)} hint={t(`care.areaHint.${a}`)} rows={3} value={values[a]} onChange={text(a)} error={errors[a]} />
        ))}
        <fieldset className="form-group care-needs" aria-describedby={errors.needs ? `${P}-needs-error` : undefined}>
          <legend id={`${P}-needs`} tabIndex={-1}>
            {t('care.assess.needsLegend')}
          </legend>
          <p className="form-hint">{t('care.assess.needsHint')}</p>
          {SERVICES.map((s) => (
            <div className="form-field care-need" key={s}>
              <label htmlFor={`${P}-need-${s}`}>{word('service', s)}</label>
              <select
                id={`${P}-need-${s}`}
                value={values.needs[s] ?? ''}
                aria-invalid={errors[`need-${s}`] ? true : undefined}
                onChange={(e) => setValues((v) => ({ ...v, needs: { ...v.needs, [s]: e.target.value } }))}
              >
                <option value="">{t('care.assess.notNeeded')}</option>
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {word('priority', p)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {errors.needs ? (
            <p id={`${P}-needs-error`} className="form-error">
              {errors.needs}
            </p>
          ) : null}
        </fieldset>
        <Problem text={problem} />
        <Done text={done} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('care.saving') : t('care.assess.save')}
        </button>
      </form>
    </section>
  );
}
