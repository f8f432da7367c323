// The Care tab's filters, for a coordinator's week: a record's status, its
// owner ("mine" first), and the elders overdue for a contact or due for a
// reassessment. The server applies them like every list's filters.
import { useId } from 'react';
import { useT } from '@/i18n';
import type { TabInfo } from '../api/admin';
import type { StaffMember } from '../api/staff';

interface CareFiltersProps {
  tab: TabInfo;
  staff: StaffMember[];
  filters: Record<string, string>;
  onFilters: (next: Record<string, string>) => void;
}

export function CareFilters({ tab, staff, filters, onFilters }: CareFiltersProps) {
  const id = useId();
  const t = useT();
  const status = tab.fields.find((f) => f.key === 'status');
  const set = (key: string) => (e: { target: { value: string } }) => onFilters({ ...filters, [key]: e.target.value });
  return (
    <div className="staff-filters">
      {status?.options && (
        <div className="admin-search">
          <label htmlFor={`${id}-status`}>{status.label}</label>
          <select id={`${id}-status`} value={filters.status ?? ''} onChange={set('status')}>
            <option value="">{t('admin.any')}</option>
            {status.options.map((o) => (
              <option key={o} value={o}>
                {status.optionLabels?.[o] ?? o}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="admin-search">
        <label htmlFor={`${id}-owner`}>{t('admin.careCoordinator')}</label>
        <select id={`${id}-owner`} value={filters.owner ?? ''} onChange={set('owner')}>
          <option value="">{t('admin.anyone')}</option>
          <option value="me">{t('admin.mine')}</option>
          <option value="none">{t('admin.nobody')}</option>
          {staff.map((s) => (
            <option key={s._id} value={s._id}>
              {s.fullName}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-search">
        <label htmlFor={`${id}-due`}>{t('admin.careDue')}</label>
        <select id={`${id}-due`} value={filters.due ?? ''} onChange={set('due')}>
          <option value="">{t('admin.any')}</option>
          <option value="contact">{t('admin.careDueContact')}</option>
          <option value="assessment">{t('admin.careDueAssessment')}</option>
        </select>
      </div>
    </div>
  );
}
