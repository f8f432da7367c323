// How to give: each bank account and the UPI ID from the site's settings,
// every value with a copy button; the UPI QR code (its library loaded only
// here); and on a phone a "Pay with a UPI app" button that opens the
// donor's UPI app. Without an account or UPI ID the card says so and how to
// reach the program instead.
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { withTimeout } from '@/app/lazy';
import type { BankAccount, SiteSettings } from '@/lib/site-data';
import { CopyButton } from './copy-button';
import { upiLink } from './upi';
import { t, tn, useT } from '@/i18n';

const UpiQr = lazy(() => withTimeout(import('./upi-qr')));

const accountRows: [keyof BankAccount, string, boolean][] = [
  // [field, label's key, copyable]
  ['accountName', 'donation.field.accountName', true],
  ['bank', 'donation.field.bank', false],
  ['branch', 'donation.field.branch', false],
  ['accountNumber', 'donation.field.accountNumber', true],
  ['accountType', 'donation.field.accountType', false],
  ['ifsc', 'donation.field.ifsc', true],
];

// A phone: a touch screen or a narrow window. Only there can a link open a
// UPI app; on a computer the QR code is scanned with the phone instead.
const PHONE = '(pointer: coarse), (max-width: 40rem)';

function subscribePhone(onChange: () => void) {
  const mq = window.matchMedia?.(PHONE);
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

/** useIsPhone tells whether the page is on a phone-like screen. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia?.(PHONE).matches ?? false,
    () => false,
  );
}

/** inSentence writes a label as it reads inside a sentence: "account
 * number", but "IFSC code" and "UPI ID" as they are (Hindi and Bengali
 * have no capitals, so theirs are unchanged). */
function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function Value({ label, value, copy }: { label: string; value: string; copy: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="copy-row">
        <span className="copy-value">{value}</span>
        {copy && <CopyButton value={value} what={inSentence(label)} />}
      </dd>
    </div>
  );
}

function Upi({ s }: { s: SiteSettings }) {
  const t = useT();
  const phone = useIsPhone();
  const payee = s.upiPayeeName || s.orgName;
  const link = upiLink(s.upiId, payee);
  return (
    <div className="upi">
      <h3>UPI</h3>
      <dl className="details-list">
        <Value label="UPI ID" value={s.upiId} copy />
        {payee && <Value label={t('donation.field.payee')} value={payee} copy={false} />}
      </dl>
      {phone && (
        <p>
          <a className="btn btn-primary upi-pay" href={link}>
            {t('donation.upi.pay')}
          </a>
        </p>
      )}
      <figure className="upi-qr">
        <Suspense fallback={<div className="upi-qr-wait">{t('donation.upi.loading')}</div>}>
          <UpiQr link={link} label={t('donation.upi.qrLabel', { payee: payee || s.upiId })} />
        </Suspense>
        <figcaption>{t('donation.upi.scan')}</figcaption>
      </figure>
    </div>
  );
}

/** PaymentDetails is the "How to give" card; reach is shown when the
 * settings hold no way to pay. */
export function PaymentDetails({ s, reach }: { s: SiteSettings; reach: ReactNode }) {
  useT();
  const none = s.bankAccounts.length === 0 && !s.upiId;
  return (
    <section className="card" aria-labelledby="bank-title">
      <h2 id="bank-title">{t('donation.bank.title')}</h2>
      {none ? (
        <>
          <p>{t('donation.bank.soon')}</p>
          {reach}
        </>
      ) : (
        <>
          <p>{tn('donation.bank.onlyIndia', {}, { link: (c) => <a href="#abroad-title">{c}</a> })}</p>
          {s.bankAccounts.map((b, i) => (
            <div key={i} className="bank-account">
              {s.bankAccounts.length > 1 && <h3>{t('donation.bank.account', { n: i + 1 })}</h3>}
              <dl className="details-list" aria-label={s.bankAccounts.length > 1 ? t('donation.bank.account', { n: i + 1 }) : t('donation.bank.accountLabel')}>
                {accountRows
                  .filter(([k]) => b[k])
                  .map(([k, label, copy]) => (
                    <Value key={k} label={t(label)} value={b[k]} copy={copy} />
                  ))}
              </dl>
            </div>
          ))}
          {s.upiId && <Upi s={s} />}
          <p>{tn('donation.bank.after', {}, { link: (c) => <a href="#report-title">{c}</a> })}</p>
        </>
      )}
    </section>
  );
}
