// What a profile save kept, shown under its message until the dialog is
// closed: the details as the program now has them and when they were
// saved, so the person can check them at leisure instead of trusting a
// message that goes by.
import { formatWhen } from '@/lib/dates';
import type { Account } from '../api/account-api';
import { useT } from '@/i18n';

export function SavedSummary({ account }: { account: Account | null }) {
  const t = useT();
  if (!account) return null;
  const rows: [string, string][] = [
    [t('form.fullName'), account.fullName],
    [t('form.email'), account.email],
    [t('account.dialog.mobile'), account.mobile],
    [t('form.address'), account.address],
  ];
  return (
    <section className="account-saved" aria-labelledby="account-saved-title">
      <h4 id="account-saved-title">
        {account.updatedAt ? t('account.saved.titleWhen', { when: formatWhen(account.updatedAt) }) : t('account.saved.title')}
      </h4>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || t('check.notGiven')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
