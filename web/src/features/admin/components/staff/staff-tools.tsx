// The staff's list tools on a tab with statuses and owners: filter by
// status and by owner (Mine, Nobody, an admin), and act on the rows
// picked: change their status, assign them, or export just them.
import { useId, useState } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { downloadCsv, type TabInfo } from '../../api/admin';
import { ASSIGNEE, bulkUpdate, statusField, type StaffMember } from '../../api/staff';
import './staff.css';

const TOAST = { position: 'top-center', duration: 2000 } as const;

/** Options lists the choices of a select, each shown by its words in the
 * admin's language when the server gave them (the value stays as stored). */
export function Options({ values, labels }: { values?: string[]; labels?: Record<string, string> }) {
  return (
    <>
      {(values ?? []).map((o) => (
        <option key={o} value={o}>
          {labels?.[o] ?? o}
        </option>
      ))}
    </>
  );
}

/** StaffOptions offers each admin by name. */
export function StaffOptions({ staff }: { staff: StaffMember[] }) {
  return (
    <>
      {staff.map((m) => (
        <option key={m._id} value={m._id}>
          {m.fullName || m.email}
        </option>
      ))}
    </>
  );
}

export interface StaffFiltersProps {
  tab: TabInfo;
  staff: StaffMember[];
  filters: Record<string, string>;
  onFilters: (f: Record<string, string>) => void;
}

/** StaffFilters narrows the list to a status and an owner. */
export function StaffFilters({ tab, staff, filters, onFilters }: StaffFiltersProps) {
  const id = useId();
  const sf = statusField(tab);
  const t = useT();
  return (
    <div className="staff-filters">
      {sf && (
        <div className="admin-search">
          <label htmlFor={`${id}-status`}>{sf.label}</label>
          <select id={`${id}-status`} value={filters[sf.key] ?? ''} onChange={(e) => onFilters({ ...filters, [sf.key]: e.target.value })}>
            <option value="">{t('admin.any')}</option>
            <Options values={sf.options} labels={sf.optionLabels} />
          </select>
        </div>
      )}
      <div className="admin-search">
        <label htmlFor={`${id}-owner`}>{t('admin.owner')}</label>
        <select id={`${id}-owner`} value={filters[ASSIGNEE] ?? ''} onChange={(e) => onFilters({ ...filters, [ASSIGNEE]: e.target.value })}>
          <option value="">{t('admin.anyone')}</option>
          <option value="me">{t('admin.mine')}</option>
          <option value="none">{t('admin.nobody')}</option>
          <StaffOptions staff={staff} />
        </select>
      </div>
    </div>
  );
}

export interface BulkBarProps {
  tab: TabInfo;
  staff: StaffMember[];
  selected: string[];
  onDone: () => void;
}

/** BulkBar acts on the rows picked in the table. */
export function BulkBar({ tab, staff, selected, onDone }: BulkBarProps) {
  const id = useId();
  const sf = statusField(tab);
  const [status, setStatus] = useState('');
  const [owner, setOwner] = useState('');
  const [busy, setBusy] = useState(false);
  const t = useT();
  if (selected.length === 0) return null;

  async function apply(change: { status?: string; assigneeId?: string }) {
    setBusy(true);
    try {
      const res = await bulkUpdate(tab.name, { ids: selected, ...change });
      toast.success(t('admin.bulkUpdated', { n: res.updated }), TOAST);
      onDone();
    } catch (err) {
      toast.error(messageOf(err, t('admin.changeFailed')), TOAST);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-bulk" aria-label={t('admin.selectedEntries')}>
      <p className="staff-bulk-count" role="status">
        {t('admin.selectedCount', { n: selected.length })}
      </p>
      {sf && (
        <div className="staff-bulk-group">
          <label htmlFor={`${id}-status`}>{t('admin.setField', { field: sf.label.toLowerCase() })}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('admin.choose')}</option>
            <Options values={sf.options} labels={sf.optionLabels} />
          </select>
          <button type="button" className="btn btn-small" disabled={busy || !status} onClick={() => apply({ status })}>
            {t('admin.apply')}
          </button>
        </div>
      )}
      <div className="staff-bulk-group">
        <label htmlFor={`${id}-owner`}>{t('admin.assignTo')}</label>
        <select id={`${id}-owner`} value={owner} onChange={(e) => setOwner(e.target.value)}>
          <option value="">{t('admin.nobody')}</option>
          <StaffOptions staff={staff} />
        </select>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => apply({ assigneeId: owner })}>
          {t('admin.assign')}
        </button>
      </div>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => downloadCsv(tab.name, '', { ids: selected.join(',') }).catch((err) => toast.error(messageOf(err, t('admin.csvFailed')), TOAST))}
      >
        {t('admin.exportSelected')}
      </button>
    </section>
  );
}
