// The temple presidents' directory: Details, Edit and Delete, and a
// button that adds one.
import { t } from '@/i18n';
import type { TabDeclaration } from '../actions';
import { common } from '../common-actions';
import { AddReferrerModal } from '../../referrer-modals';

const referrers: TabDeclaration = {
  actions: [common.details, common.edit, common.remove],
  tools: (ctx) => (
    <button type="button" className="btn btn-primary" onClick={() => ctx.open((close, done) => <AddReferrerModal onClose={close} onSaved={done} />)}>
      {t('admin.addReferrer')}
    </button>
  ),
};

export default referrers;
