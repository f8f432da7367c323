// What a profile save kept, shown under its message until the dialog is
// closed: the details as the program now has them and when they were
// saved, so the person can check them at leisure instead of trusting a
// message that goes by.
import { formatWhen } from '@/lib/dates';
import type { Account } from '../api/account-api';

export function SavedSummary({ account }: { account: Account | null }) {
  if (!account) return null;
  const rows: [string, string][] = [
    ['Full name', account.fullName],
    ['Email', account.email],
    ['Mobile no.', account.mobile],
    ['Address', account.address],
  ];
  return (
    <section className="account-saved" aria-labelledby="account-saved-title">
      <h4 id="account-saved-title">
        Your details as saved{account.updatedAt ? ` on ${formatWhen(account.updatedAt)}` : ''}
      </h4>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || 'Not given'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
