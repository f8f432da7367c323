// The confirmation panel of a sent form: what was received, when, its
// reference (to quote on the phone), what happens next and how to reach
// the program. It stays at the top of every page until it is closed, so a
// success never vanishes with its toast.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type Confirmation, type ConfirmationKind } from '@/lib/confirmation';
import { closeConfirmation, readConfirmation } from '@/lib/confirmation-read';
import { formatWhen } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useSite } from '@/lib/site-data';
import './confirmation-panel.css';
import { t, tn } from '@/i18n';

/** What each form's panel says: its heading and what happens next. */
export function confirmationText(kind: ConfirmationKind): { title: string; next: string } {
  return { title: t(`confirm.${kind}.title`), next: t(`confirm.${kind}.next`) };
}

/** ConfirmationPanel shows the waiting confirmation, or nothing. */
export default function ConfirmationPanel() {
  const [c] = useState<Confirmation | null>(readConfirmation);
  const { user } = useSession();
  const site = useSite();
  const heading = useRef<HTMLHeadingElement>(null);

  // Reading starts at the panel: screen readers announce its heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);

  if (!c) return null;
  const text = confirmationText(c.kind);
  const phones = site?.settings.phones ?? [];
  return (
    <section className="confirm-panel" aria-labelledby="confirm-title" data-testid="confirmation-panel">
      <h2 id="confirm-title" ref={heading} tabIndex={-1}>
        {text.title}
      </h2>
      {c.reference ? (
        <>
          <p className="confirm-ref">
            {tn('confirm.reference', { reference: c.reference }, { b: (x) => <strong>{x}</strong> })}
          </p>
          <p>{t('confirm.writeDown')}</p>
        </>
      ) : null}
      <dl className="confirm-facts">
        <dt>{t('confirm.received')}</dt>
        <dd>{formatWhen(c.receivedAt)}</dd>
        {c.email ? (
          <>
            {/* Without a mail server nothing left the machine: say so. */}
            <dt>{t(site?.mailToFile ? 'confirm.emailNotSent' : 'confirm.emailSent')}</dt>
            <dd>{c.email}</dd>
          </>
        ) : null}
      </dl>
      <h3>{t('confirm.next')}</h3>
      <p>{text.next}</p>
      <h3>{t('confirm.questions')}</h3>
      <p>
        {tn('confirm.writeUs', {}, { link: (x) => <Link to={paths.contact}>{x}</Link> })}
        {phones.length > 0 ? (
          <>
            {t('confirm.orCall')}
            {phones.map((p, i) => (
              <span key={p.dial}>
                {i > 0 ? t('confirm.or') : ''}
                <a href={`tel:${p.dial}`}>{p.display}</a>
              </span>
            ))}
          </>
        ) : null}
        {t(c.reference ? 'confirm.giveReference' : 'confirm.end')}
      </p>
      {user && c.reference && c.kind !== 'donation' ? (
        <p>
          {tn('confirm.seeIt', {}, { link: (x) => <Link to={paths.myAccount}>{x}</Link> })}
        </p>
      ) : null}
      <button type="button" className="btn btn-primary confirm-close" onClick={closeConfirmation}>
        {t('confirm.close')}
      </button>
    </section>
  );
}
