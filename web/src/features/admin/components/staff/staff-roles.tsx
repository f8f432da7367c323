// The Staff view (/admin?view=staff): everyone holding a role, with a
// checkbox per role. An admin ticks the roles each person's work needs and
// saves them one person at a time; the server refuses an unknown role,
// a stale version and taking admin from the last admin, and mails the
// person the change.
import { useState } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { ROLES, setStaffRoles, useStaff, useStaffSaved, type StaffMember } from '../../api/staff';
import './staff-roles.css';

export default function StaffRoles() {
  const t = useT();
  const { data: staff, isError: failed } = useStaff();
  const saved = useStaffSaved();
  if (failed) return <p className="admin-empty">{t('admin.dashboardFailed')}</p>;
  if (!staff) return <p className="admin-empty">{t('admin.loading')}</p>;
  return (
    <>
      <p>{t('admin.staffHint')}</p>
      {staff.length === 0 && <p className="admin-empty">{t('admin.staffNone')}</p>}
      <ul className="staff-roles">
        {staff.map((m) => (
          <li key={m._id}>
            <MemberRoles member={m} onSaved={saved} />
          </li>
        ))}
      </ul>
    </>
  );
}

function MemberRoles({ member, onSaved }: { member: StaffMember; onSaved: (m: StaffMember) => void }) {
  const t = useT();
  const [held, setHeld] = useState<string[]>(member.roles ?? []);
  const [busy, setBusy] = useState(false);
  const changed = [...held].sort().join() !== [...(member.roles ?? [])].sort().join();
  async function save() {
    setBusy(true);
    try {
      const saved = await setStaffRoles(member._id, ROLES.filter((r) => held.includes(r)), member.__v ?? 0);
      onSaved(saved);
      setHeld(saved.roles ?? []);
      toast.success(t('admin.staffSaved'));
    } catch (err) {
      toast.error(messageOf(err, t('admin.staffSaveFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset className="staff-member">
      <legend>{t('admin.staffRolesOf', { name: member.fullName })}</legend>
      <p className="staff-email">{member.email}</p>
      <div className="staff-role-boxes">
        {ROLES.map((r) => (
          <label key={r}>
            <input
              type="checkbox"
              checked={held.includes(r)}
              onChange={(e) => setHeld((h) => (e.target.checked ? [...h, r] : h.filter((x) => x !== r)))}
            />{' '}
            {t(`admin.role.${r}`)}
          </label>
        ))}
      </div>
      <button type="button" className="btn btn-primary" disabled={!changed || busy} onClick={() => void save()}>
        {t('admin.staffSave')}
      </button>
    </fieldset>
  );
}
