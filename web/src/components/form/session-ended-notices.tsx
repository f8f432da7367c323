// The notices of a form whose session ended (session-ended.tsx says when
// they are shown).
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n';

/** SessionEndedNotice asks the person to sign in again, promising that
 * nothing they typed is lost. */
function SessionEndedNotice() {
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
function ResumedNotice() {
  return (
    <div className="form-note draft-notice" role="status">
      <p>{t('form.resumed')}</p>
    </div>
  );
}

/** SessionNotices is the notice to show: the session ended, or the form is
 * back after signing in. */
export default function SessionNotices({ ended }: { ended: boolean }) {
  return ended ? <SessionEndedNotice /> : <ResumedNotice />;
}
