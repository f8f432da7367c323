// A form sent after the person's session ended is not saved under no one's
// name: the server says the session ended, nothing was sent, and what they
// typed stays in the form and in its draft. They sign in again and come
// back to the same page, where the form is filled in again as they left it,
// ready to send.
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n';

const KEY = 'spdc:resend';

/** markResend notes that the form's draft is to be put back after the
 * next sign-in (this tab only). */
export function markResend(form: string): void {
  try {
    sessionStorage.setItem(KEY, form);
  } catch {
    /* storage off: the draft is still offered back as usual */
  }
}

/** takeResend reports whether the form's draft waits to be put back after
 * a sign-in, and forgets it. */
export function takeResend(form: string): boolean {
  try {
    if (!form || sessionStorage.getItem(KEY) !== form) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}

/** SessionEndedNotice asks the person to sign in again, promising that
 * nothing they typed is lost. */
export function SessionEndedNotice() {
  const location = useLocation();
  return (
    <div className="form-note draft-notice" role="alert">
      <p>
        <strong>{t('form.signedOutTitle')}</strong> {t('form.signedOutText')}
      </p>
      <div className="form-actions">
        <Link className="btn btn-primary" to={paths.login} state={{ from: location.pathname + location.search }}>
          {t('form.signInAgain')}
        </Link>
      </div>
      <p>{t('form.sendWithoutAccount')}</p>
    </div>
  );
}

/** ResumedNotice tells the person, back from signing in, that their form
 * is as they left it. */
export function ResumedNotice() {
  return (
    <div className="form-note draft-notice" role="status">
      <p>{t('form.resumed')}</p>
    </div>
  );
}
