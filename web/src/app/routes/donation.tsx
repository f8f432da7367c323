// Donation: the program's own introduction (a Markdown page), its bank
// accounts and UPI address from the settings, the 80G registration when it
// has one, and the instructions for gifts from abroad. Without a bank
// account the page says that the details will be published soon and how
// to reach the program meanwhile.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { pageOf, useSite, type BankAccount, type SiteSettings } from '@/lib/site-data';
import { showDate } from '@/features/site/cards';

const accountRows: [keyof BankAccount, string][] = [
  ['accountName', 'Account name'],
  ['bank', 'Bank'],
  ['branch', 'Branch'],
  ['accountNumber', 'Account number'],
  ['accountType', 'Account type'],
  ['ifsc', 'IFSC code'],
];

/** upiLink is the payment link a UPI app opens. */
export function upiLink(id: string, payee: string): string {
  const q = new URLSearchParams({ pa: id, cu: 'INR' });
  if (payee) q.set('pn', payee);
  return `upi://pay?${q.toString()}`;
}

function HowToReach({ s }: { s: SiteSettings }) {
  if (!s.email && s.phones.length === 0) {
    return (
      <p>
        Until then, please <Link to={paths.contact}>send us a message</Link> and we will reply with the details.
      </p>
    );
  }
  return (
    <p>
      Until then, please write to us
      {s.email && (
        <>
          {' '}
          at <a href={`mailto:${s.email}?subject=Donation`}>{s.email}</a>
        </>
      )}
      {s.phones.length > 0 && (
        <>
          {s.email ? ' or call ' : ' by calling '}
          {s.phones.map((p, i) => (
            <span key={p.dial}>
              {i > 0 && ', '}
              <a href={`tel:${p.dial}`}>{p.display}</a>
            </span>
          ))}
        </>
      )}
      .
    </p>
  );
}

export default function DonationPage() {
  usePageMeta(meta.donation);
  const data = useSite();
  const s = data?.settings;
  const intro = pageOf(data, 'donation');
  return (
    <>
      <PageHeader title="Donation" />
      <div className="section">
        <div className="container narrow stack">
          {intro && <Markdown text={intro.body} />}
          {s && (
            <section className="card" aria-labelledby="bank-title">
              <h2 id="bank-title">Domestic bank transfer</h2>
              {s.bankAccounts.length === 0 ? (
                <>
                  <p>Our bank details will be published here soon.</p>
                  <HowToReach s={s} />
                </>
              ) : (
                s.bankAccounts.map((b, i) => (
                  <dl className="details-list" key={i} aria-label={s.bankAccounts.length > 1 ? `Account ${i + 1}` : undefined}>
                    {accountRows
                      .filter(([k]) => b[k])
                      .map(([k, label]) => (
                        <div key={k}>
                          <dt>{label}</dt>
                          <dd>{b[k]}</dd>
                        </div>
                      ))}
                  </dl>
                ))
              )}
              {s.upiId && (
                <p>
                  UPI: <a href={upiLink(s.upiId, s.upiPayeeName)}>{s.upiId}</a>
                  {s.upiPayeeName && ` (${s.upiPayeeName})`}
                </p>
              )}
            </section>
          )}
          {s && (s.reg80G.number || s.trustPan) && (
            <section className="card" aria-labelledby="tax-title">
              <h2 id="tax-title">Tax exemption</h2>
              <dl className="details-list">
                {s.reg80G.number && (
                  <div>
                    <dt>80G registration</dt>
                    <dd>
                      {s.reg80G.number}
                      {s.reg80G.validUntil && `, valid until ${showDate(s.reg80G.validUntil)}`}
                    </dd>
                  </div>
                )}
                {s.trustPan && (
                  <div>
                    <dt>PAN of the trust</dt>
                    <dd>{s.trustPan}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}
          {s?.fcraInstructions && (
            <section className="card" aria-labelledby="abroad-title">
              <h2 id="abroad-title">Donations from abroad</h2>
              <Markdown text={s.fcraInstructions} />
            </section>
          )}
        </div>
      </div>
    </>
  );
}
