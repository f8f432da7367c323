// The staff's list tools on a tab with statuses and owners: filter by
// status and by owner (Mine, Nobody, an admin), and act on the rows
// picked: change their status, assign them, or export just them.
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { downloadCsv, type TabInfo } from '../../api/admin';
import { ASSIGNEE, bulkUpdate, statusField, type StaffMember } from '../../api/staff';
import './staff.css';

const TOAST = { position: 'top-center', duration: 2000 } as const;

/** Options lists the choices of a select. */
export function Options({ values }: { values?: string[] }) {
  return (
    <>
      {(values ?? []).map((o) => (
        <option key={o} value={o}>
          {o}
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
  return (
    <div className="staff-filters">
      {sf && (
        <div className="admin-search">
          <label htmlFor={`${id}-status`}>{sf.label}</label>
          <select id={`${id}-status`} value={filters[sf.key] ?? ''} onChange={(e) => onFilters({ ...filters, [sf.key]: e.target.value })}>
            <option value="">Any</option>
            <Options values={sf.options} />
          </select>
        </div>
      )}
      <div className="admin-search">
        <label htmlFor={`${id}-owner`}>Owner</label>
        <select id={`${id}-owner`} value={filters[ASSIGNEE] ?? ''} onChange={(e) => onFilters({ ...filters, [ASSIGNEE]: e.target.value })}>
          <option value="">Anyone</option>
          <option value="me">Mine</option>
          <option value="none">Nobody</option>
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
  if (selected.length === 0) return null;

  async function apply(change: { status?: string; assigneeId?: string }) {
    setBusy(true);
    try {
      const res = await bulkUpdate(tab.name, { ids: selected, ...change });
      toast.success(`${res.updated} ${res.updated === 1 ? 'entry' : 'entries'} updated.`, TOAST);
      onDone();
    } catch (err) {
      toast.error(messageOf(err, 'The change could not be made.'), TOAST);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-bulk" aria-label="Selected entries">
      <p className="staff-bulk-count" role="status">
        {selected.length} selected
      </p>
      {sf && (
        <div className="staff-bulk-group">
          <label htmlFor={`${id}-status`}>Set {sf.label.toLowerCase()}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Choose…</option>
            <Options values={sf.options} />
          </select>
          <button type="button" className="btn btn-small" disabled={busy || !status} onClick={() => apply({ status })}>
            Apply
          </button>
        </div>
      )}
      <div className="staff-bulk-group">
        <label htmlFor={`${id}-owner`}>Assign to</label>
        <select id={`${id}-owner`} value={owner} onChange={(e) => setOwner(e.target.value)}>
          <option value="">Nobody</option>
          <StaffOptions staff={staff} />
        </select>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => apply({ assigneeId: owner })}>
          Assign
        </button>
      </div>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => downloadCsv(tab.name, '', { ids: selected.join(',') }).catch((err) => toast.error(messageOf(err, 'Failed to download CSV.'), TOAST))}
      >
        Export selected
      </button>
    </section>
  );
}
