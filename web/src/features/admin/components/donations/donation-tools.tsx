// The Donations tab's two tools above its list, each opened when needed:
// the bank statement import and the annual statement.
import { AnnualStatement } from './annual-statement';
import { BankImport } from './bank-import';
import './donations.css';
import { useT } from '@/i18n';

export function DonationTools({ onChanged, onFix }: { onChanged: () => void; onFix: (donationId: string, donorName: string) => void }) {
  const t = useT();
  return (
    <div className="admin-donation-tools">
      <details className="admin-tool">
        <summary>{t('admin.importSummary')}</summary>
        <BankImport onChanged={onChanged} />
      </details>
      <details className="admin-tool">
        <summary>{t('admin.statementSummary')}</summary>
        <AnnualStatement onFix={onFix} />
      </details>
    </div>
  );
}
