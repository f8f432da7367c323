// What a signed-in person without a staff role sees at /admin.
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
