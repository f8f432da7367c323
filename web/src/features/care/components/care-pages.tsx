// The care register's staff pages, one chunk loaded by the admin route
// when the address is one of theirs.
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { CareRecordPage } from './care-record';
import { PartnersPage } from './partners-page';
import { ReportsPage } from './reports-page';

export default function CarePages({ pathname }: { pathname: string }) {
  if (matchPath({ path: paths.reports, caseSensitive: true }, pathname)) return <ReportsPage />;
  if (matchPath({ path: paths.partners, caseSensitive: true }, pathname)) return <PartnersPage />;
  return <CareRecordPage />;
}
