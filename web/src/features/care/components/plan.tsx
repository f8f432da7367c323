// The care plan: for each need an action, who is responsible, a target date
// and a status; a volunteer chosen from the register's suggestions (best
// first, with why each one fits), a stay with a host, a partner from the
// directory. An action is added or changed in the same form; a change saved
// over someone else's shows both versions.
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DraftNotice, ErrorSummary, SelectInput, TextArea, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkCare } from './check';
import { HostCapacity } from './host-capacity';
import { actionSchema } from '@/lib/schemas/care/action.gen';
import { formatDay } from '@/lib/dates';
import { useT } from '@/i18n';
import {
  ACTION_STATUSES,
  addAction,
  fetchRecord,
  SERVICES,
  updateAction,
  type ActionInput,
  type CareAction,
  type CareRecord,
  type HostOffer,
  type Partner,
  type StaffMember,
} from '../api/care-api';
import { useHosts, useMatches, usePartners } from '../api/queries';
import { ConflictPanel, Done, Head, isConflict, Problem, problemOf, word } from './shared';

const P = 'care-action';
const ORDER = ['service', 'action', 'responsibleId', 'targetDate', 'status', 'volunteerId', 'hostId', 'stayFrom', 'stayTo', 'stayPlace', 'partnerId'] as const;

const EMPTY: ActionInput = { service: '', action: '', responsibleId: '', targetDate: '', status: 'planned', volunteerId: '', hostId: '', stayFrom: '', stayTo: '', stayPlace: '', partnerId: '' };

function inputOf(a: CareAction): ActionInput {
  return {
    service: a.service,
    action: a.action,
    responsibleId: a.responsibleId ?? '',
    targetDate: a.targetDate ?? '',
    status: a.status,
    volunteerId: a.volunteerId ?? '',
    hostId: a.hostId ?? '',
    stayFrom: a.stayFrom ?? '',
    stayTo: a.stayTo ?? '',
    stayPlace: a.stayPlace ?? '',
    partnerId: a.partnerId ?? '',
  };
}

/** validateAction checks what the page can before the server does. */
export function validateAction(v: ActionInput, t: (k: string, vals?: Record<string, string | number>) => string): FieldErrors {
  const e = checkCare(actionSchema, v);
  if (!e.stayTo && v.stayFrom && v.stayTo && v.stayTo < v.stayFrom) e.stayTo = t('care.err.stayOrder');
  if (v.hostId && (!v.stayFrom || !v.stayTo)) e.stayFrom = t('care.err.stayDates');
  return e;
}

export function Plan({ record, staff, writable, onSaved }: { record: CareRecord; staff: StaffMember[]; writable: boolean; onSaved: () => void }) {
  const t = useT();
  const [editing, setEditing] = useState<CareAction | 'new' | null>(null);
  const partners = usePartners(writable).data ?? [];
  const { hosts, setCapacity } = useHosts(writable);
  return (
    <section className="care-section" aria-labelledby="care-plan-title">
      <h2 id="care-plan-title">{t('care.plan.title')}</h2>
      {record.actions.length === 0 ? (
        <p>{t('care.plan.none')}</p>
      ) : (
        <table className="care-table">
          <caption className="visually-hidden">{t('care.plan.title')}</caption>
          <Head
            cols={[
              t('care.field.service'),
              t('care.field.action'),
              t('care.field.responsible'),
              t('care.field.targetDate'),
              t('care.field.status'),
              t('care.plan.who'),
              ...(writable ? [t('care.plan.change')] : []),
            ]}
          />
          <tbody>
            {record.actions.map((a) => (
              <tr key={a._id}>
                <td>{word('service', a.service)}</td>
                <th scope="row">{a.action}</th>
                <td>{a.responsibleName || '-'}</td>
                <td>{formatDay(a.targetDate)}</td>
                <td>{word('actionStatus', a.status)}</td>
                <td>
                  {[
                    a.volunteerName && t('care.plan.volunteer', { name: a.volunteerName }),
                    a.hostName && t('care.plan.stay', { name: a.hostName, from: formatDay(a.stayFrom), to: formatDay(a.stayTo), place: a.stayPlace ?? '' }),
                    a.partnerName && t('care.plan.partner', { name: a.partnerName }),
                  ]
                    .filter(Boolean)
                    .join('; ') || '-'}
                </td>
                {writable && (
                  <td>
                    <button type="button" className="btn btn-small" aria-label={t('care.plan.editNamed', { action: a.action })} onClick={() => setEditing(a)}>
                      {t('care.plan.edit')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {writable &&
        (editing ? (
          <ActionForm
            key={editing === 'new' ? 'new' : editing._id}
            record={record}
            action={editing === 'new' ? null : editing}
            staff={staff}
            partners={partners}
            hosts={hosts}
            onHostCapacity={setCapacity}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              onSaved();
            }}
          />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('care.plan.add')}
          </button>
        ))}
    </section>
  );
}

interface FormProps {
  record: CareRecord;
  action: CareAction | null;
  staff: StaffMember[];
  partners: Partner[];
  hosts: HostOffer[];
  /** onHostCapacity keeps a host's new capacity in the list of hosts. */
  onHostCapacity: (hostId: string, capacity: number) => void;
  onClose: () => void;
  onSaved: () => void;
}

function ActionForm({ record, action, staff, partners, hosts, onHostCapacity, onClose, onSaved }: FormProps) {
  const t = useT();
  const [values, setValues] = useState<ActionInput>(() => (action ? inputOf(action) : { ...EMPTY }));
  const [base, setBase] = useState(action?.__v ?? 0);
  const [theirs, setTheirs] = useState<CareAction | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const set = (k: keyof ActionInput) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));
  const staffName = (uid?: string) => staff.find((s) => s._id === uid)?.fullName ?? uid ?? '';
  const partnerName = (pid?: string) => partners.find((p) => p._id === pid)?.name ?? pid ?? '';
  const chosenHost = hosts.find((h) => h._id === values.hostId);
  const hostName = (hid?: string) => {
    const h = hosts.find((x) => x._id === hid);
    return h ? `${h.fullName ?? hid}${h.nearestCenter ? ` (${h.nearestCenter})` : ''}` : (hid ?? '');
  };

  const send = async (v: ActionInput, version: number) => {
    setProblem('');
    if (action) await updateAction(record._id, action._id, v, version);
    else await addAction(record._id, v);
    setDone(t('care.plan.saved'));
    onSaved();
  };

  const { errors, busy, submit, summary, draft } = useFormSubmit<ActionInput>({
    prefix: P,
    order: ORDER,
    values,
    validate: (v) => validateAction(v, t),
    // A new action's draft is kept by record; a change, by the action.
    draft: { form: `care-action-${record._id}-${action?._id ?? 'new'}`, empty: action ? inputOf(action) : { ...EMPTY }, setValues },
    send: (v) => send(v, base),
    failed: async (err) => {
      if (isConflict(err) && action) {
        try {
          const now = await fetchRecord(record._id);
          const current = now.actions.find((a) => a._id === action._id);
          if (current) {
            setTheirs(current);
            return;
          }
        } catch {
          /* told below */
        }
      }
      setProblem(problemOf(err));
    },
  });

  return (
    <form className="care-form care-subform" noValidate onSubmit={(e) => submit(e, values)} aria-labelledby={`${P}-title`}>
      <h3 id={`${P}-title`}>{action ? t('care.plan.editTitle') : t('care.plan.addTitle')}</h3>
      <DraftNotice draft={draft} />
      <ErrorSummary {...summary} />
      <div className="form-row">
        <SelectInput id={`${P}-service`} label={t('care.field.service')} required options={SERVICES} optionLabel={(s) => word('service', s)} placeholder={t('care.choose')} value={values.service} onChange={set('service')} error={errors.service} />
        <SelectInput id={`${P}-status`} label={t('care.field.status')} required options={ACTION_STATUSES} optionLabel={(s) => word('actionStatus', s)} placeholder={t('care.choose')} value={values.status} onChange={set('status')} error={errors.status} />
      </div>
      <TextArea id={`${P}-action`} label={t('care.field.action')} required rows={2} value={values.action} onChange={set('action')} error={errors.action} />
      <div className="form-row">
        <SelectInput
          id={`${P}-responsibleId`}
          label={t('care.field.responsible')}
          required
          options={staff.map((s) => s._id)}
          optionLabel={staffName}
          placeholder={t('care.choose')}
          value={values.responsibleId}
          onChange={set('responsibleId')}
          error={errors.responsibleId}
        />
        <TextInput id={`${P}-targetDate`} type="date" label={t('care.field.targetDate')} required value={values.targetDate} onChange={set('targetDate')} error={errors.targetDate} />
      </div>
      <Matches recordId={record._id} service={values.service} chosen={values.volunteerId ?? ''} chosenName={action?.volunteerId === values.volunteerId ? action?.volunteerName : undefined} onChoose={(id) => setValues((s) => ({ ...s, volunteerId: id }))} error={errors.volunteerId} />
      <fieldset className="form-group">
        <legend>{t('care.plan.stayLegend')}</legend>
        <SelectInput
          id={`${P}-hostId`}
          label={t('care.field.host')}
          options={hosts.map((h) => h._id)}
          optionLabel={hostName}
          placeholder={t('care.none')}
          value={values.hostId ?? ''}
          onChange={set('hostId')}
          error={errors.hostId}
        />
        {chosenHost && <HostCapacity key={chosenHost._id} host={chosenHost} onChanged={(n) => onHostCapacity(chosenHost._id, n)} />}
        <div className="form-row">
          <TextInput id={`${P}-stayFrom`} type="date" label={t('care.field.stayFrom')} value={values.stayFrom ?? ''} onChange={set('stayFrom')} error={errors.stayFrom} />
          <TextInput id={`${P}-stayTo`} type="date" label={t('care.field.stayTo')} value={values.stayTo ?? ''} onChange={set('stayTo')} error={errors.stayTo} />
        </div>
        <TextInput id={`${P}-stayPlace`} label={t('care.field.stayPlace')} maxLength={actionSchema.stayPlace.max} value={values.stayPlace ?? ''} onChange={set('stayPlace')} error={errors.stayPlace} />
      </fieldset>
      <SelectInput
        id={`${P}-partnerId`}
        label={t('care.field.partner')}
        hint={
          <Link to={paths.partners} target="_blank">
            {t('care.plan.addPartner')}
          </Link>
        }
        options={partners.map((p) => p._id)}
        optionLabel={(id) => {
          const p = partners.find((x) => x._id === id);
          return p ? `${p.name} (${word('partnerKind', p.kind)}${p.city ? `, ${p.city}` : ''})` : id;
        }}
        placeholder={t('care.none')}
        value={values.partnerId ?? ''}
        onChange={set('partnerId')}
        error={errors.partnerId}
      />
      <Problem text={problem} />
      <Done text={done} />
      {theirs && (
        <ConflictPanel
          busy={busy}
          rows={[
            { label: t('care.field.service'), mine: word('service', values.service), theirs: word('service', theirs.service) },
            { label: t('care.field.action'), mine: values.action, theirs: theirs.action },
            { label: t('care.field.responsible'), mine: staffName(values.responsibleId), theirs: theirs.responsibleName ?? staffName(theirs.responsibleId) },
            { label: t('care.field.targetDate'), mine: formatDay(values.targetDate), theirs: formatDay(theirs.targetDate) },
            { label: t('care.field.status'), mine: word('actionStatus', values.status), theirs: word('actionStatus', theirs.status) },
            { label: t('care.field.volunteer'), mine: values.volunteerId ?? '', theirs: theirs.volunteerName ?? theirs.volunteerId ?? '' },
            { label: t('care.field.host'), mine: hostName(values.hostId), theirs: theirs.hostName ?? hostName(theirs.hostId) },
            { label: t('care.field.partner'), mine: partnerName(values.partnerId), theirs: theirs.partnerName ?? partnerName(theirs.partnerId) },
          ]}
          onKeepMine={() => {
            setBase(theirs.__v);
            setTheirs(null);
            send(values, theirs.__v).catch((err: unknown) => setProblem(problemOf(err)));
          }}
          onTakeTheirs={() => {
            setValues(inputOf(theirs));
            setBase(theirs.__v);
            setTheirs(null);
          }}
        />
      )}
      <div className="care-buttons">
        <button type="submit" className="btn btn-primary" disabled={busy || Boolean(theirs)}>
          {busy ? t('care.saving') : t('care.plan.save')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('care.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Matches lists the volunteers suggested for the chosen service, best
 * first, each with the reasons it fits, and lets the coordinator choose one. */
function Matches({ recordId, service, chosen, chosenName, onChoose, error }: { recordId: string; service: string; chosen: string; chosenName?: string; onChoose: (id: string) => void; error?: string }) {
  const t = useT();
  const matches = useMatches(recordId, service);
  const failed = matches.isError;
  const list = matches.data ?? [];
  const current = list.find((v) => v._id === chosen);
  return (
    <fieldset className="form-group care-matches" aria-describedby={error ? `${P}-volunteerId-error` : undefined}>
      <legend id={`${P}-volunteerId`} tabIndex={-1}>
        {t('care.plan.volunteersLegend')}
      </legend>
      <p className="form-hint" role="status">
        {chosen ? t('care.plan.chosen', { name: current?.fullName ?? chosenName ?? chosen }) : t('care.plan.noneChosen')}
      </p>
      {!service ? (
        <p>{t('care.plan.serviceFirst')}</p>
      ) : failed ? (
        <p role="alert">{t('care.plan.matchesFailed')}</p>
      ) : !matches.data ? (
        <p>{t('care.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('care.plan.noMatches')}</p>
      ) : (
        <ol className="care-match-list">
          {list.map((v) => (
            <li key={v._id}>
              <span className="care-match-name">{v.fullName}</span>
              {v.nearestCentre ? <span> ({v.nearestCentre})</span> : null}
              <span className="care-match-why"> {v.reasons.map((r) => word('reason', r)).join(', ')}</span>{' '}
              {chosen === v._id ? (
                <button type="button" className="btn btn-small" onClick={() => onChoose('')} aria-label={t('care.plan.unchooseNamed', { name: v.fullName })}>
                  {t('care.plan.unchoose')}
                </button>
              ) : (
                <button type="button" className="btn btn-small" onClick={() => onChoose(v._id)} aria-label={t('care.plan.chooseNamed', { name: v.fullName })}>
                  {t('care.plan.choose')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {error ? (
        <p id={`${P}-volunteerId-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
