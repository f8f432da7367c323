// Donation: the program's own introduction (a Markdown page); how to give
// (bank accounts and UPI from the settings, each value with a copy button,
// a UPI QR code); the 80G registration when there is one; the form to
// report a gift after paying; and the instructions for gifts from abroad.
// Without a bank account or UPI ID the page says how to reach the program.
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { pageOf, useSite, type SiteSettings } from '@/lib/site-data';
import { showDate } from '@/features/site/cards';
import { GiftRulesNote, PaymentDetails, ReportGiftForm } from '@/features/donation';
import '@/features/donation/components/donation.css';

/** HowToReach tells how to ask the program for what the page cannot show
 * yet; lead starts the sentence. */
function HowToReach({ s, lead = 'Until then, please' }: { s: SiteSettings; lead?: string }) {
  if (!s.email && s.phones.length === 0) {
    return (
      <p>
        {lead} <Link to={paths.contact}>send us a message</Link> and we will reply with the details.
      </p>
    );
  }
  return (
    <p>
      {lead} write to us
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
  // An amount chosen on the cause page ("₹5,000") starts the report form.
  const state: unknown = useLocation().state;
  const amount = state && typeof state === 'object' && typeof (state as { amount?: unknown }).amount === 'string' ? (state as { amount: string }).amount : '';
  return (
    <>
      <PageHeader title="Donation" />
      <div className="section">
        <div className="container narrow stack">
          {intro && <Markdown text={intro.body} />}
          {s && <PaymentDetails s={s} reach={<HowToReach s={s} />} />}
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
          {s && (
            <section className="card" aria-labelledby="report-title">
              <h2 id="report-title">Report your gift</h2>
              <p>
                After you have paid, please tell us here what you sent. We match it with our bank statement and email your
                receipt once the money has reached our account. It takes about two minutes.
              </p>
              <GiftRulesNote />
              <ReportGiftForm fcra={s.fcraInstructions} reach={<HowToReach s={s} lead="For the details of our FCRA account, please" />} initialAmount={amount} />
            </section>
          )}
          {s && (
            <section className="card" aria-labelledby="abroad-title">
              <h2 id="abroad-title">Donations from abroad</h2>
              {s.fcraInstructions ? (
                <Markdown text={s.fcraInstructions} />
              ) : (
                <>
                  <p>
                    Gifts from outside India can be received only in our FCRA account, as the Foreign Contribution
                    (Regulation) Act requires, never in the accounts above.
                  </p>
                  <HowToReach s={s} lead="For its details, please" />
                </>
              )}
            </section>
          )}
        </div>
      </div>
    </>
  );
}
