// A submission's detail view for the staff: what the person sent, its
// status and owner (saved through the shared edit with the record's
// version), the internal notes newest first, and replies written to the
// person with whether each went. Loaded on demand from the dashboard.
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/lazy-toaster';
import { messageOf, ApiError } from '@/lib/api';
import { useT } from '@/i18n';
import { recordId, updateEntry, valueAt, type AdminRecord, type TabInfo } from '../../api/admin';
import { ASSIGNEE, NOTE_MAX, addNote, fetchNotes, fetchReplies, sendReply, statusField, type Note, type Reply, type StaffMember } from '../../api/staff';
import { Modal } from '../modal';
import { formatWhen } from '../format';
import { DetailList } from '../record-details';
import { Options, StaffOptions } from './staff-tools';

const TOAST = { position: 'top-center', duration: 2000 } as const;

/** The address field a reply goes to. */
const recipientKey: Record<string, string> = {
  volunteers: 'email',
  hosts: 'email',
  messages: 'email',
  disciples: 'discipleEmail',
  'pending-disciples': 'discipleEmail',
};

export interface RecordDetailProps {
  tab: TabInfo;
  record: AdminRecord;
  staff: StaffMember[];
  onClose: () => void;
  /** The record changed (status, owner, or a reply moved it on). */
  onChanged: () => void;
}

export default function RecordDetail({ tab, record: initial, staff, onClose, onChanged }: RecordDetailProps) {
  const [record, setRecord] = useState(initial);
  const id = recordId(record);
  const sf = statusField(tab);
  const name = String(record.fullName ?? record.name ?? id);
  const to = String(valueAt(record, recipientKey[tab.name] ?? 'email') ?? '');
  const base = useId();
  const t = useT();

  // Status and owner.
  const [status, setStatus] = useState(sf ? String(record[sf.key] ?? '') : '');
  const [owner, setOwner] = useState(String(record[ASSIGNEE] ?? ''));
  const [saving, setSaving] = useState(false);
  const [followErr, setFollowErr] = useState('');

  // Notes and replies.
  // A list that cannot be read shows as empty, as a record with none.
  const client = useQueryClient();
  const notesKey = ['admin', 'notes', tab.name, id];
  const repliesKey = ['admin', 'replies', tab.name, id];
  const notes = useQuery({ queryKey: notesKey, queryFn: () => fetchNotes(tab.name, id).catch((): Note[] => []) }).data ?? null;
  const replies = useQuery({ queryKey: repliesKey, queryFn: () => fetchReplies(tab.name, id).catch((): Reply[] => []) }).data ?? null;
  const [note, setNote] = useState('');
  const [noteErr, setNoteErr] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [replyErr, setReplyErr] = useState('');
  const [busy, setBusy] = useState(false);

  async function saveFollowUp(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFollowErr('');
    try {
      const next: AdminRecord = { ...record, [ASSIGNEE]: owner };
      if (sf) next[sf.key] = status;
      const saved = await updateEntry(tab.name, next);
      setRecord(saved);
      toast.success(t('admin.followSaved'), TOAST);
      onChanged();
    } catch (err) {
      const msg = messageOf(err, t('admin.followFailed'));
      setFollowErr(err instanceof ApiError && err.status === 409 ? t('admin.conflict') : msg);
    } finally {
      setSaving(false);
    }
  }

  async function submitNote(e: FormEvent) {
    e.preventDefault();
    if (!note.trim()) {
      setNoteErr(t('admin.noteEmpty'));
      return;
    }
    setBusy(true);
    setNoteErr('');
    try {
      const n = await addNote(tab.name, id, note);
      client.setQueryData<Note[]>(notesKey, (list) => [n, ...(list ?? [])]);
      setNote('');
    } catch (err) {
      setNoteErr(err instanceof ApiError && err.errors.body ? err.errors.body : messageOf(err, t('admin.noteFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function submitReply(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) {
      setReplyErr(t('admin.replyEmpty'));
      return;
    }
    setBusy(true);
    setReplyErr('');
    try {
      const res = await sendReply(tab.name, id, subject, body);
      client.setQueryData<Reply[]>(repliesKey, (list) => [res.reply, ...(list ?? [])]);
      setRecord(res.record);
      if (sf) setStatus(String(res.record[sf.key] ?? status));
      setBody('');
      setSubject('');
      toast.success(t('admin.replySent'), TOAST);
      onChanged();
    } catch (err) {
      setReplyErr(err instanceof ApiError && err.errors.body ? err.errors.body : messageOf(err, t('admin.replyFailed')));
    } finally {
      setBusy(false);
    }
  }

  // Everything the person sent, whole; the status and owner are set below.
  const shown = tab.fields.filter((f) => f.key !== '_id' && f.key !== '__v' && f.key !== 'owner' && f.key !== ASSIGNEE && f.key !== sf?.key);

  return (
    <Modal
      title={t('admin.detailTitle', { name })}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t('admin.close')}
        </button>
      }
    >
      <DetailList fields={shown} record={record} />

      {tab.editable && (
        <section aria-labelledby={`${base}-follow`} className="staff-section">
          <h3 id={`${base}-follow`}>{t('admin.followUp')}</h3>
          <form className="admin-form staff-follow" onSubmit={saveFollowUp} noValidate>
            {sf && (
              <div className="admin-field">
                <label htmlFor={`${base}-status`}>{sf.label}</label>
                <select id={`${base}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
                  <Options values={sf.options} labels={sf.optionLabels} />
                </select>
              </div>
            )}
            <div className="admin-field">
              <label htmlFor={`${base}-owner`}>{t('admin.owner')}</label>
              <select id={`${base}-owner`} value={owner} onChange={(e) => setOwner(e.target.value)}>
                <option value="">{t('admin.nobody')}</option>
                <StaffOptions staff={staff} />
              </select>
            </div>
            {followErr && (
              <p role="alert" className="admin-error">
                {followErr}
              </p>
            )}
            <div>
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? t('admin.savingEllipsis') : t('admin.saveFollow')}
              </button>
            </div>
          </form>
        </section>
      )}

      <section aria-labelledby={`${base}-notes`} className="staff-section">
        <h3 id={`${base}-notes`}>{t('admin.notes')}</h3>
        <p className="admin-hint">{t('admin.notesHint')}</p>
        <form className="admin-form" onSubmit={submitNote} noValidate>
          <div className="admin-field">
            <label htmlFor={`${base}-note`}>{t('admin.newNote')}</label>
            <textarea
              id={`${base}-note`}
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              aria-invalid={noteErr ? true : undefined}
              aria-describedby={noteErr ? `${base}-note-err` : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
            {noteErr && (
              <span id={`${base}-note-err`} className="admin-error">
                {noteErr}
              </span>
            )}
          </div>
          <div>
            <button type="submit" className="btn" disabled={busy}>
              {t('admin.addNote')}
            </button>
          </div>
        </form>
        {notes === null ? (
          <p>{t('admin.loadingNotes')}</p>
        ) : notes.length === 0 ? (
          <p>{t('admin.noNotes')}</p>
        ) : (
          <ul className="staff-list" aria-label={t('admin.notesList')}>
            {notes.map((n) => (
              <li key={n._id}>
                <p className="staff-meta">
                  {formatWhen(n.createdAt)} · {n.author}
                </p>
                <p className="staff-body">{n.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${base}-reply`} className="staff-section">
        <h3 id={`${base}-reply`}>{t('admin.reply')}</h3>
        {to ? (
          <form className="admin-form" onSubmit={submitReply} noValidate>
            <p className="admin-hint">{t('admin.replyTo', { to })}</p>
            <div className="admin-field">
              <label htmlFor={`${base}-subject`}>{t('admin.subjectOptional')}</label>
              <input id={`${base}-subject`} maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
            </div>
            <div className="admin-field">
              <label htmlFor={`${base}-body`}>{t('admin.message')}</label>
              <textarea
                id={`${base}-body`}
                rows={5}
                maxLength={10000}
                value={body}
                aria-invalid={replyErr ? true : undefined}
                aria-describedby={replyErr ? `${base}-body-err` : undefined}
                onChange={(e) => setBody(e.target.value)}
              />
              {replyErr && (
                <span id={`${base}-body-err`} className="admin-error" role="alert">
                  {replyErr}
                </span>
              )}
            </div>
            <div>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('admin.sendReply')}
              </button>
            </div>
          </form>
        ) : (
          <p>{t('admin.noAddress')}</p>
        )}
        <h4>{t('admin.history')}</h4>
        {replies === null ? (
          <p>{t('admin.loading')}</p>
        ) : replies.length === 0 ? (
          <p>{t('admin.noReplies')}</p>
        ) : (
          <ul className="staff-list" aria-label={t('admin.repliesList')}>
            {replies.map((r) => (
              <li key={r._id}>
                <p className="staff-meta">
                  {formatWhen(r.createdAt)} · {r.author} · {r.subject} · {t('admin.mailStatus', { status: r.mailStatus })}
                </p>
                <p className="staff-body">{r.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
