// /verify-email/{token}: the page a confirmation mail links to. It sends
// the token once as it opens (a mail scanner that only fetches the page
// runs no script, so it confirms nothing) and says what the server
// answered: confirmed, or why the link cannot be used (used, expired,
// unknown), with the way to My Account, where a new link is sent.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { verifyEmail } from '../api/auth-api';
import './auth.css';
import { t } from '@/i18n';

type State = { token: string; ok: boolean; message: string };

export function VerifyEmail() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State | null>(null);
  // A link is used once: the page sends each token only once, even when
  // the effect runs twice.
  const sent = useRef('');

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    verifyEmail(token).then(
      (res) => setState({ token, ok: true, message: res.message }),
      (err: unknown) => setState({ token, ok: false, message: messageOf(err, t('verify.failed')) }),
    );
  }, [token]);

  const current = state?.token === token ? state : null;
  return (
    <section className="page-section auth-page" aria-labelledby="verify-title" aria-busy={!current || undefined}>
      <div className="auth-card">
        <h1 id="verify-title">{t('verify.title')}</h1>
        {!current ? (
          <p role="status">{t('verify.checking')}</p>
        ) : current.ok ? (
          <p role="status">{current.message}</p>
        ) : (
          <div className="auth-error" role="alert">
            <p>{current.message}</p>
          </div>
        )}
        {current && (
          <p>
            <Link className="btn btn-primary" to={paths.myAccount}>
              {t('verify.toAccount')}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
