// What a signed-in person without a staff role sees at /admin, and what an
// admin or accountant sees while their role needs two-step sign-in that
// they have not set up.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';

export function AccessDenied() {
  const t = useT();
  return (
    <section className="page-section">
      <h1>{t('admin.accessDenied')}</h1>
      <p>{t('admin.notAuthorized')}</p>
    </section>
  );
}

/** TwoStepNeeded sends an admin or accountant without two-step sign-in to
 * set it up in My Account, where the dashboard's refusal cannot reach. */
export function TwoStepNeeded() {
  const t = useT();
  return (
    <section className="page-section admin-page" aria-labelledby="two-step-needed">
      <h1 id="two-step-needed">{t('admin.twoStepNeededTitle')}</h1>
      <p>{t('admin.twoStepNeeded')}</p>
      <p>
        <Link className="btn btn-primary" to={`${paths.myAccount}#two-step`}>
          {t('admin.twoStepSetUp')}
        </Link>
      </p>
    </section>
  );
}
