// The Pending tab: a registration waiting for its temple president has
// its link sent again, or, once held for review, is accepted or rejected
// by an admin.
import { lazy } from 'react';
import { withTimeout } from '@/app/lazy';
import { t } from '@/i18n';
import { NEEDS_REVIEW, recordId, resendLink, type AdminRecord } from '../../../api/admin';
import { runToast, type TabDeclaration } from '../actions';
import { common } from '../common-actions';

const ReviewModal = lazy(() => withTimeout(import('../../referrer-modals')).then((m) => ({ default: m.ReviewModal })));

const held = (row: AdminRecord) => row.status === NEEDS_REVIEW;

const pendingDisciples: TabDeclaration = {
  actions: [
    common.details,
    {
      id: 'accept',
      text: () => t('admin.accept'),
      name: (who) => t('admin.acceptFor', { name: who }),
      when: held,
      select: (row, ctx) => ctx.open((close, done) => <ReviewModal row={row} mode="accept" onClose={close} onDone={done} />),
    },
    {
      id: 'reject',
      text: () => t('admin.reject'),
      name: (who) => t('admin.rejectFor', { name: who }),
      when: held,
      select: (row, ctx) => ctx.open((close, done) => <ReviewModal row={row} mode="reject" onClose={close} onDone={done} />),
    },
    {
      id: 'resend',
      text: () => t('admin.resend'),
      name: (who) => t('admin.resendFor', { name: who }),
      when: (row) => !held(row),
      select: (row, ctx) => runToast(() => resendLink(recordId(row)), t('admin.resent'), t('admin.resendFailed'), ctx.refresh),
    },
    common.remove,
  ],
};

export default pendingDisciples;
