// The Donations tab's two tools above its list, each opened when needed:
// the bank statement import and the annual statement.
import { AnnualStatement } from './annual-statement';
import { BankImport } from './bank-import';
import './donations.css';

export function DonationTools({ onChanged, onFix }: { onChanged: () => void; onFix: (donationId: string, donorName: string) => void }) {
  return (
    <div className="admin-donation-tools">
      <details className="admin-tool">
        <summary>Import a bank statement</summary>
        <BankImport onChanged={onChanged} />
      </details>
      <details className="admin-tool">
        <summary>Annual statement of donations</summary>
        <AnnualStatement onFix={onFix} />
      </details>
    </div>
  );
}
