// The contact log: calls and visits, newest first, each with who made it
// and a short summary, and the form to log one with the next contact's
// due date (which becomes the record's). Older contacts load on request.
import { useState } from 'react';
import { DraftNotice, ErrorSummary, SelectInput, TextArea, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkCare } from './check';
import { contactSchema } from '@/lib/schemas/care/contact.gen';
import { formatDay, todayISO } from '@/lib/dates';
import { useT } from '@/i18n';
import { addContact, CONTACT_KINDS, fetchContacts, type CareContact, type CareRecord, type ContactInput } from '../api/care-api';
import { Done, Head, Problem, problemOf, word } from './shared';

const P = 'care-contact';
const ORDER = ['contactOn', 'kind', 'summary', 'nextDue'] as const;
/** PAGE is how many contacts the record brings at once. */
const PAGE = 50;

const emptyContact = (): ContactInput => ({ contactOn: todayISO(), kind: '', summary: '', nextDue: '' });

/** validateContact checks the date, kind, summary and next due date. */
export function validateContact(v: ContactInput, t: (k: string, vals?: Record<string, string | number>) => string, today = todayISO()): FieldErrors {
  const e = checkCare(contactSchema, v, ['contactOn'], today);
  if (!e.nextDue && v.nextDue && v.contactOn && v.nextDue < v.contactOn) e.nextDue = t('care.err.nextBeforeContact');
  return e;
}

export function ContactLog({ record, writable, onSaved }: { record: CareRecord; writable: boolean; onSaved: () => void }) {
  const t = useT();
  const [values, setValues] = useState<ContactInput>(emptyContact);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [older, setOlder] = useState<CareContact[]>([]);
  // Where the next older page starts: null before the first is asked for,
  // "" once the log has no more.
  const [cursor, setCursor] = useState<string | null>(null);
  const [olderFailed, setOlderFailed] = useState(false);
  const set = (k: keyof ContactInput) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));
  const { errors, busy, submit, summary, draft } = useFormSubmit<ContactInput>({
    prefix: P,
    order: ORDER,
    values,
    validate: (v) => validateContact(v, t),
    draft: { form: `care-contact-${record._id}`, empty: emptyContact(), setValues },
    send: async (v) => {
      setProblem('');
      setDone('');
      await addContact(record._id, { ...v, summary: v.summary.trim() });
      setValues(emptyContact());
      setDone(v.nextDue ? t('care.contacts.savedNext', { day: formatDay(v.nextDue) }) : t('care.contacts.saved'));
      onSaved();
    },
    failed: (err) => setProblem(problemOf(err)),
  });

  const shown = [...record.contacts, ...older];
  async function loadOlder() {
    setOlderFailed(false);
    try {
      // The record holds the first page; its cursor comes with that page.
      const from = cursor ?? (await fetchContacts(record._id)).nextCursor;
      if (!from) {
        setCursor('');
        return;
      }
      const page = await fetchContacts(record._id, from);
      setOlder((o) => [...o, ...page.contacts]);
      setCursor(page.nextCursor);
    } catch {
      setOlderFailed(true);
    }
  }

  return (
    <section className="care-section" aria-labelledby="care-contacts-title">
      <h2 id="care-contacts-title">{t('care.contacts.title')}</h2>
      <p>
        {t('care.contacts.next', { day: formatDay(record.nextContactDue) })} {t('care.contacts.last', { day: formatDay(record.lastContactOn) })}
      </p>
      {writable && (
        <form className="care-form care-subform" noValidate onSubmit={(e) => submit(e, values)} aria-labelledby={`${P}-title`}>
          <h3 id={`${P}-title`}>{t('care.contacts.log')}</h3>
          <DraftNotice draft={draft} />
          <ErrorSummary {...summary} />
          <div className="form-row">
            <TextInput id={`${P}-contactOn`} type="date" label={t('care.field.contactOn')} required max={todayISO()} value={values.contactOn} onChange={set('contactOn')} error={errors.contactOn} />
            <SelectInput id={`${P}-kind`} label={t('care.field.kind')} required options={CONTACT_KINDS} optionLabel={(k) => word('contactKind', k)} placeholder={t('care.choose')} value={values.kind} onChange={set('kind')} error={errors.kind} />
          </div>
          <TextArea id={`${P}-summary`} label={t('care.field.summary')} required rows={3} value={values.summary} onChange={set('summary')} error={errors.summary} />
          <TextInput id={`${P}-nextDue`} type="date" label={t('care.field.nextDue')} hint={t('care.contacts.nextHint')} value={values.nextDue} onChange={set('nextDue')} error={errors.nextDue} />
          <Problem text={problem} />
          <Done text={done} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('care.saving') : t('care.contacts.save')}
          </button>
        </form>
      )}
      {shown.length === 0 ? (
        <p>{t('care.contacts.none')}</p>
      ) : (
        <table className="care-table">
          <caption className="visually-hidden">{t('care.contacts.title')}</caption>
          <Head cols={[t('care.field.contactOn'), t('care.field.kind'), t('care.contacts.by'), t('care.field.summary'), t('care.field.nextDue')]} />
          <tbody>
            {shown.map((c) => (
              <tr key={c._id}>
                <th scope="row">{formatDay(c.contactOn)}</th>
                <td>{word('contactKind', c.kind)}</td>
                <td>{c.byName || '-'}</td>
                <td className="care-text">{c.summary}</td>
                <td>{formatDay(c.nextDue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {record.contacts.length >= PAGE && cursor !== '' && (
        <button type="button" className="btn" onClick={() => void loadOlder()}>
          {t('care.contacts.older')}
        </button>
      )}
      {olderFailed && <p role="alert">{t('care.contacts.olderFailed')}</p>}
    </section>
  );
}
