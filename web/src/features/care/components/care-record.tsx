// One elder's care record, the page a coordinator works from: who the
// elder is and who looks after them, their needs (open or met), the
// assessment form, the plan, the contact log and the help given. Each part
// saves on its own and the page reads the record again after each save
// (the reads go through the care register's queries).
import { useCallback, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { languageName } from '@/lib/language-name';
import { isStaff, useSession } from '@/lib/session';
import { useT } from '@/i18n';
import { fetchRecord, RECORD_STATUSES, updateRecord, type CareRecord, type StaffMember } from '../api/care-api';
import { useCareRecord, useRecordChanged, useStaff } from '../api/queries';
import { OwnQueries } from '@/lib/query-client';
import { AssessmentForm } from './assessment-form';
import { ContactLog } from './contact-log';
import { Payments } from './payments';
import { Plan } from './plan';
import { CareMessages, ConflictPanel, Denied, Done, Head, isConflict, mayUse, Problem, problemOf, word } from './shared';
import './care.css';

/** CareRecordPage is the page at /admin/care/:id. */
export function CareRecordPage() {
  return (
    <CareMessages>
      <OwnQueries>
        <RecordLoader />
      </OwnQueries>
    </CareMessages>
  );
}

function RecordLoader() {
  const t = useT();
  const { id = '' } = useParams();
  const { user } = useSession();
  const { data: record, error } = useCareRecord(id);
  const problem = error ? (error instanceof ApiError && error.status === 403 ? 'denied' : error instanceof ApiError && error.status === 404 ? 'missing' : 'failed') : null;
  const staff = useStaff();
  const changed = useRecordChanged(id);
  const refresh = useCallback(() => changed(), [changed]);

  if (!isStaff(user) || problem === 'denied') {
    return <Denied />;
  }
  if (problem || !record) {
    return (
      <section className="page-section admin-page" aria-busy={!problem}>
        <h1>{t('care.record.title')}</h1>
        <p role={problem ? 'alert' : 'status'}>{problem === 'missing' ? t('care.record.missing') : problem ? t('care.record.failed') : t('care.loading')}</p>
        <BackLinks />
      </section>
    );
  }
  const writable = mayUse(user, 'care.write');
  return (
    <section className="page-section admin-page care-page" aria-labelledby="care-title">
      <BackLinks />
      <h1 id="care-title">{record.fullName}</h1>
      {record.initiatedName ? <p className="care-lead">{record.initiatedName}</p> : null}
      <RecordHeader record={record} staff={staff} writable={writable} onSaved={changed} onStale={refresh} />
      <Needs record={record} />
      {writable && <AssessmentForm record={record} onSaved={refresh} />}
      <Plan record={record} staff={staff} writable={writable} onSaved={refresh} />
      <ContactLog record={record} writable={writable} onSaved={refresh} />
      <Payments record={record} onSaved={refresh} />
    </section>
  );
}

function BackLinks() {
  const t = useT();
  return (
    <nav aria-label={t('care.nav')} className="care-nav">
      <Link to={`${paths.admin}?tab=care`}>{t('care.backToList')}</Link>
      <Link to={paths.reports}>{t('care.reports.link')}</Link>
      <Link to={paths.partners}>{t('care.partners.link')}</Link>
    </nav>
  );
}

interface HeaderValues {
  ownerId: string;
  status: string;
  nextContactDue: string;
}

const sameHeader = (a: HeaderValues, b: HeaderValues) => a.ownerId === b.ownerId && a.status === b.status && a.nextContactDue === b.nextContactDue;

const headerOf = (r: CareRecord): HeaderValues => ({ ownerId: r.ownerId ?? '', status: r.status, nextContactDue: r.nextContactDue ?? '' });

/** RecordHeader shows how to reach the elder and lets the coordinator
 * change the owner, the status and the next contact's date. */
function RecordHeader({ record, staff, writable, onSaved, onStale }: { record: CareRecord; staff: StaffMember[]; writable: boolean; onSaved: (r: CareRecord) => void; onStale: () => void }) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<HeaderValues>(() => headerOf(record));
  const [base, setBase] = useState(record.__v);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [theirs, setTheirs] = useState<CareRecord | null>(null);
  // A record read again (after another part saved) brings its new version;
  // what is being typed here stays.
  const [seen, setSeen] = useState(record);
  if (seen !== record) {
    setSeen(record);
    if (!theirs) {
      setBase(record.__v);
      // Unless the coordinator has changed them, the fields follow the
      // record (a contact logged moves the next contact's date).
      if (sameHeader(values, headerOf(seen))) setValues(headerOf(record));
    }
  }

  const ownerName = (uid: string) => staff.find((s) => s._id === uid)?.fullName ?? (uid === record.ownerId ? record.ownerName : uid) ?? '';

  async function save(v: number) {
    setBusy(true);
    setProblem('');
    setDone('');
    setErrors({});
    try {
      const saved = await updateRecord(record._id, { ...values, __v: v });
      setTheirs(null);
      setBase(saved.__v);
      setValues(headerOf(saved));
      setDone(t('care.header.saved'));
      onSaved({ ...record, ...saved });
    } catch (err) {
      if (isConflict(err)) {
        try {
          setTheirs(await fetchRecord(record._id));
        } catch {
          onStale();
        }
      } else {
        if (err instanceof ApiError) setErrors(err.errors);
        setProblem(problemOf(err));
      }
    } finally {
      setBusy(false);
    }
  }

  const details: [string, string][] = [
    [t('care.header.phone'), record.phone ?? ''],
    [t('care.header.email'), record.email ?? ''],
    [t('care.header.address'), record.address ?? ''],
    [t('care.header.language'), languageName(record.language)],
    [t('care.header.lastContact'), formatDay(record.lastContactOn)],
    [t('care.header.reassessment'), formatDay(record.reassessmentDue)],
  ];
  const field = (k: keyof HeaderValues) => `${id}-${k}`;
  return (
    <section className="care-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('care.header.title')}</h2>
      <dl className="care-details">
        {details.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v || '-'}</dd>
          </div>
        ))}
      </dl>
      {writable ? (
        <form
          className="care-form care-inline"
          aria-labelledby={`${id}-title`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save(base);
          }}
        >
          <div className="form-field">
            <label htmlFor={field('ownerId')}>{t('care.header.owner')}</label>
            <select id={field('ownerId')} value={values.ownerId} onChange={(e) => setValues((s) => ({ ...s, ownerId: e.target.value }))} aria-invalid={errors.ownerId ? true : undefined} aria-describedby={errors.ownerId ? `${field('ownerId')}-error` : undefined}>
              <option value="">{t('care.header.noOwner')}</option>
              {staff.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.fullName}
                </option>
              ))}
              {values.ownerId && !staff.some((s) => s._id === values.ownerId) ? <option value={values.ownerId}>{record.ownerName ?? values.ownerId}</option> : null}
            </select>
            <FieldProblem id={field('ownerId')} text={errors.ownerId} />
          </div>
          <div className="form-field">
            <label htmlFor={field('status')}>{t('care.header.status')}</label>
            <select id={field('status')} value={values.status} onChange={(e) => setValues((s) => ({ ...s, status: e.target.value }))} aria-invalid={errors.status ? true : undefined} aria-describedby={errors.status ? `${field('status')}-error` : undefined}>
              {RECORD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {word('status', s)}
                </option>
              ))}
            </select>
            <FieldProblem id={field('status')} text={errors.status} />
          </div>
          <div className="form-field">
            <label htmlFor={field('nextContactDue')}>{t('care.header.nextContact')}</label>
            <input
              id={field('nextContactDue')}
              type="date"
              value={values.nextContactDue}
              onChange={(e) => setValues((s) => ({ ...s, nextContactDue: e.target.value }))}
              aria-invalid={errors.nextContactDue ? true : undefined}
              aria-describedby={errors.nextContactDue ? `${field('nextContactDue')}-error` : undefined}
            />
            <FieldProblem id={field('nextContactDue')} text={errors.nextContactDue} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || Boolean(theirs)}>
            {t('care.header.save')}
          </button>
        </form>
      ) : (
        <dl className="care-details">
          <div>
            <dt>{t('care.header.owner')}</dt>
            <dd>{record.ownerName || '-'}</dd>
          </div>
          <div>
            <dt>{t('care.header.status')}</dt>
            <dd>{word('status', record.status)}</dd>
          </div>
          <div>
            <dt>{t('care.header.nextContact')}</dt>
            <dd>{formatDay(record.nextContactDue)}</dd>
          </div>
        </dl>
      )}
      <Problem text={problem} />
      <Done text={done} />
      {theirs && (
        <ConflictPanel
          busy={busy}
          rows={[
            { label: t('care.header.owner'), mine: ownerName(values.ownerId), theirs: theirs.ownerName ?? ownerName(theirs.ownerId ?? '') },
            { label: t('care.header.status'), mine: word('status', values.status), theirs: word('status', theirs.status) },
            { label: t('care.header.nextContact'), mine: formatDay(values.nextContactDue), theirs: formatDay(theirs.nextContactDue) },
          ]}
          onKeepMine={() => void save(theirs.__v)}
          onTakeTheirs={() => {
            setValues(headerOf(theirs));
            setBase(theirs.__v);
            setTheirs(null);
            onSaved(theirs);
          }}
        />
      )}
    </section>
  );
}

/** FieldProblem is the server's message beside its field. */
export function FieldProblem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-error`} className="form-error">
      {text}
    </p>
  ) : null;
}

/** Needs lists the latest assessment's needs, each open or met. */
function Needs({ record }: { record: CareRecord }) {
  const t = useT();
  const latest = record.assessments[0];
  return (
    <section className="care-section" aria-labelledby="care-needs-title">
      <h2 id="care-needs-title">{t('care.needs.title')}</h2>
      {latest ? (
        <p>{t('care.needs.from', { day: formatDay(latest.assessedOn), by: latest.assessedByName ?? '-' })}</p>
      ) : (
        <p>{t('care.needs.none')}</p>
      )}
      {record.needs.length > 0 && (
        <table className="care-table">
          <caption className="visually-hidden">{t('care.needs.title')}</caption>
          <Head cols={[t('care.field.service'), t('care.field.priority'), t('care.field.status')]} />
          <tbody>
            {record.needs.map((n) => (
              <tr key={n.service}>
                <th scope="row">{word('service', n.service)}</th>
                <td>{word('priority', n.priority)}</td>
                <td>
                  <span className={`care-badge care-${n.status}`}>{word('need', n.status)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
