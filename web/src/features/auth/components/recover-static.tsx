// The static Recover Password page at /recover: no logic, a
// disabled look, and a pointer to the working page.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { TextInput } from '@/components/form/form-kit';
import { tn, useT } from '@/i18n';
import './auth.css';

export function RecoverStatic() {
  const t = useT();
  return (
    <section className="page-section auth-page" aria-labelledby="recover-title">
      <div className="auth-card auth-card-disabled">
        <h1 id="recover-title">{t('recover.title')}</h1>
        <p>{tn('recover.text', {}, { link: (c) => <Link to={paths.recoverPassword}>{c}</Link> })}</p>
        <form onSubmit={(e) => e.preventDefault()}>
          <TextInput id="recover-email" label={t('register.email')} type="email" disabled />
          <button type="submit" className="btn btn-primary auth-submit" disabled>
            {t('recover.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
