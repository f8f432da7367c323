// Donation: the program's own introduction (a Markdown page); how to give
// (bank accounts and UPI from the settings, each value with a copy button,
// a UPI QR code); the 80G registration when there is one; the form to
// report a gift after paying; and the instructions for gifts from abroad.
// Without a bank account or UPI ID the page says how to reach the program.
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { withTimeout } from '@/app/lazy';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { pageOf, useSite, type SiteSettings } from '@/lib/site-data';
import { showDate } from '@/features/site/cards';
import { tn, useT } from '@/i18n';
import { PaymentDetails } from '@/features/donation/components/payment-details';
import '@/features/donation/components/donation.css';

// The report form (with its rules note) comes after the bank details it
// follows on the page: its code loads beside the page's, not before it.
const ReportGift = lazy(() =>
  withTimeout(
    import('@/features/donation/components/report-gift-form').then(({ GiftRulesNote, ReportGiftForm }) => ({
      default: (props: Parameters<typeof ReportGiftForm>[0]) => (
        <>
          <GiftRulesNote />
          <ReportGiftForm {...props} />
        </>
      ),
    })),
  ),
);

/** HowToReach tells how to ask the program for what the page cannot show
 * yet; lead picks the words that start the sentence. */
function HowToReach({ s, lead = 'until' }: { s: SiteSettings; lead?: 'until' | 'fcra' | 'abroad' }) {
  const t = useT();
  const start = t('donation.reach.lead', { lead });
  if (!s.email && s.phones.length === 0) {
    return <p>{tn('donation.reach.message', { lead: start }, { link: (c) => <Link to={paths.contact}>{c}</Link> })}</p>;
  }
  const key = s.email ? (s.phones.length > 0 ? 'donation.reach.emailOrCall' : 'donation.reach.email') : 'donation.reach.call';
  return (
    <p>
      {tn(
        key,
        { lead: start, email: s.email, phones: s.phones.map((p) => p.display).join(', ') },
        {
          mail: () => <a href={`mailto:${s.email}?subject=${encodeURIComponent(t('donation.title'))}`}>{s.email}</a>,
          phones: () =>
            s.phones.map((p, i) => (
              <span key={p.dial}>
                {i > 0 && ', '}
                <a href={`tel:${p.dial}`}>{p.display}</a>
              </span>
            )),
        },
      )}
    </p>
  );
}

export default function DonationPage() {
  usePageMeta(meta.donation);
  const t = useT();
  const data = useSite();
  const s = data?.settings;
  const intro = pageOf(data, 'donation');
  // An amount chosen on the cause page ("₹5,000") starts the report form.
  const state: unknown = useLocation().state;
  const amount = state && typeof state === 'object' && typeof (state as { amount?: unknown }).amount === 'string' ? (state as { amount: string }).amount : '';
  return (
    <>
      <PageHeader title={t('donation.title')} />
      <div className="section">
        <div className="container narrow stack">
          {intro && <Markdown text={intro.body} />}
          {s && <PaymentDetails s={s} reach={<HowToReach s={s} />} />}
          {s && (s.reg80G.number || s.trustPan) && (
            <section className="card" aria-labelledby="tax-title">
              <h2 id="tax-title">{t('donation.tax.title')}</h2>
              <dl className="details-list">
                {s.reg80G.number && (
                  <div>
                    <dt>{t('donation.tax.reg80G')}</dt>
                    <dd>
                      {s.reg80G.validUntil ? t('donation.tax.validUntil', { number: s.reg80G.number, date: showDate(s.reg80G.validUntil) }) : s.reg80G.number}
                    </dd>
                  </div>
                )}
                {s.trustPan && (
                  <div>
                    <dt>{t('donation.tax.trustPan')}</dt>
                    <dd>{s.trustPan}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}
          {s && (
            <section className="card" aria-labelledby="report-title">
              <h2 id="report-title">{t('donation.report.title')}</h2>
              <p>{t('donation.report.intro')}</p>
              <Suspense fallback={null}>
                <ReportGift fcra={s.fcraInstructions} reach={<HowToReach s={s} lead="fcra" />} initialAmount={amount} />
              </Suspense>
            </section>
          )}
          {s && (
            <section className="card" aria-labelledby="abroad-title">
              <h2 id="abroad-title">{t('donation.abroad.title')}</h2>
              {s.fcraInstructions ? (
                <Markdown text={s.fcraInstructions} />
              ) : (
                <>
                  <p>{t('donation.abroad.text')}</p>
                  <HowToReach s={s} lead="abroad" />
                </>
              )}
            </section>
          )}
          <section className="card" aria-labelledby="accounts-link-title">
            <h2 id="accounts-link-title">{t('donation.accounts.title')}</h2>
            <p>
              {t('donation.accounts.text')} <Link to={paths.accounts}>{t('donation.accounts.link')}</Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
