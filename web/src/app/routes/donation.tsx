import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { afterTransfer, bank, donationIntro, donationRules, purposes, receipts } from '@/content/donation';
import { contact } from '@/content/site';

export default function DonationPage() {
  usePageMeta(meta.donation);
  return (
    <>
      <PageHeader title="Donation" lead={donationIntro} />
      <div className="section">
        <div className="container narrow stack">
          <section className="card" aria-labelledby="bank-title">
            <h2 id="bank-title">Domestic bank transfer</h2>
            <dl className="details-list">
              {bank.map((b) => (
                <div key={b.label}>
                  <dt>{b.label}</dt>
                  <dd>{b.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="card" aria-labelledby="after-title">
            <h2 id="after-title">{afterTransfer.heading}</h2>
            <p>
              {afterTransfer.intro} <a href={`mailto:${contact.email}?subject=Donation%20details`}>{contact.email}</a>
            </p>
            <ul className="check-list">
              {afterTransfer.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="purpose-title">
            <h2 id="purpose-title">Purpose of your donation</h2>
            <ul className="card-grid grid-2">
              {purposes.map((p) => (
                <li key={p.name} className="card">
                  <h3>{p.name}</h3>
                  <p>{p.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="receipt-title">
            <h2 id="receipt-title">Receipt types</h2>
            <ul className="card-grid grid-2">
              {receipts.map((r) => (
                <li key={r.name} className="card">
                  <h3>{r.name}</h3>
                  <p>{r.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <section className="notice" aria-labelledby="rules-title">
            <h2 id="rules-title">Please note</h2>
            <ul>
              {donationRules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
