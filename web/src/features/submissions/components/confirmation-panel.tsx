// The confirmation panel of a sent form: what was received, when, its
// reference (to quote on the phone), what happens next and how to reach
// the program. It stays at the top of every page until it is closed, so a
// success never vanishes with its toast.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { closeConfirmation, readConfirmation, type Confirmation, type ConfirmationKind } from '@/lib/confirmation';
import { formatWhen } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useSite } from '@/lib/site-data';
import './confirmation-panel.css';

/** What each form's panel says: its heading and what happens next. */
export const confirmationText: Record<ConfirmationKind, { title: string; next: string }> = {
  volunteer: {
    title: 'Your volunteer registration was received',
    next: 'A program coordinator will read your offer and contact you about how you can help, usually within a week.',
  },
  host: {
    title: 'Your offer to host was received',
    next: 'A program coordinator will read it and contact you to talk about the next steps, usually within a week.',
  },
  contact: {
    title: 'Your message was received',
    next: 'We read every message and will reply as soon as we can, usually within a few days.',
  },
  disciple: {
    title: 'Your disciple registration was received',
    next: 'We have emailed your temple president a link to confirm it; they have 30 days to answer. We will email you as soon as they do.',
  },
  donation: {
    title: 'Your gift report was received',
    next: 'We will match it with our bank statement; once the gift has arrived, your receipt is emailed to you.',
  },
  account: {
    title: 'Your account was created',
    next: 'Sign in with your email address or mobile number and the password you chose. Your forms are then filled in for you and listed under My Account.',
  },
  password: {
    title: 'Your password was changed',
    next: 'Sign in with your new password. If you did not ask for this change, please contact us at once.',
  },
  'password-change': {
    title: 'Your password was changed',
    next: 'Use your new password the next time you sign in. If you did not make this change, please contact us at once.',
  },
  approval: {
    title: 'Your confirmation was received',
    next: 'The registration is approved and the applicant is told by email. Thank you for confirming them.',
  },
  'approval-review': {
    title: 'Your confirmation was received',
    next: 'An SPDC admin will check it before the registration is approved; the applicant is told by email. Thank you.',
  },
};

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
  const text = confirmationText[c.kind];
  const phones = site?.settings.phones ?? [];
  return (
    <section className="confirm-panel" aria-labelledby="confirm-title" data-testid="confirmation-panel">
      <h2 id="confirm-title" ref={heading} tabIndex={-1}>
        {text.title}
      </h2>
      {c.reference ? (
        <>
          <p className="confirm-ref">
            Your reference: <strong>{c.reference}</strong>
          </p>
          <p>Please write it down: quote it if you call or write to us about this.</p>
        </>
      ) : null}
      <dl className="confirm-facts">
        <dt>Received</dt>
        <dd>{formatWhen(c.receivedAt)}</dd>
        {c.email ? (
          <>
            <dt>Email sent to</dt>
            <dd>{c.email}</dd>
          </>
        ) : null}
      </dl>
      <h3>What happens next</h3>
      <p>{text.next}</p>
      <h3>Questions?</h3>
      <p>
        Write to us through the <Link to={paths.contact}>contact page</Link>
        {phones.length > 0 ? (
          <>
            {' '}or call{' '}
            {phones.map((p, i) => (
              <span key={p.dial}>
                {i > 0 ? ' or ' : ''}
                <a href={`tel:${p.dial}`}>{p.display}</a>
              </span>
            ))}
          </>
        ) : null}
        {c.reference ? ', and give your reference.' : '.'}
      </p>
      {user && c.reference && c.kind !== 'donation' ? (
        <p>
          You can see it any time under <Link to={paths.myAccount}>My Account</Link>.
        </p>
      ) : null}
      <button type="button" className="btn btn-primary confirm-close" onClick={closeConfirmation}>
        Close this message
      </button>
    </section>
  );
}
