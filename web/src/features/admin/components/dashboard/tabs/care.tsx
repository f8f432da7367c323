// The care register's list: a care record opens on its own page, where
// the coordinator works; the list has a coordinator's filters.
import { t } from '@/i18n';
import { careRecordPath } from '@/config/care-paths';
import { recordId } from '../../../api/admin';
import type { TabDeclaration } from '../actions';
import { common } from '../common-actions';
import { CareFilters } from '../../care-filters';

const care: TabDeclaration = {
  actions: [
    {
      id: 'open',
      text: () => t('admin.openCare'),
      name: (who) => t('admin.openCareOf', { name: who }),
      select: (row, ctx) => ctx.go(careRecordPath(recordId(row))),
    },
    common.details,
    common.edit,
  ],
  tools: (ctx) => <CareFilters tab={ctx.tab} staff={ctx.staff} filters={ctx.filters} onFilters={ctx.setFilters} />,
};

export default care;
