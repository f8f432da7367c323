// The band at the top of every inner page: the page's one h1 and a
// breadcrumb back to Home.
import { Link } from 'react-router';
import { t } from '@/i18n';

export function PageHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="page-header">
      <div className="container">
        <nav aria-label={t('common.breadcrumb')} className="breadcrumb">
          <ol>
            <li>
              <Link to="/">{t('header.home')}</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1>{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
    </div>
  );
}
