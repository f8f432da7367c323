// What each tab offers besides its list: the actions of a row (its one
// menu) and the tools above the list. A tab the server sends that is not
// named here gets Details, Edit and Delete, so a new list needs nothing
// here; a tab with more to do (an "open record" page, say) declares its
// actions below, each a few lines, and may reuse the common ones.
import { toast } from 'sonner';
import { t } from '@/i18n';
import { NEEDS_REVIEW, recordId, resendLink, retryMail, type AdminRecord } from '../../api/admin';
import { staffed } from '../../api/staff';
// Part of the dashboard's chunk, not a chunk of its own: split off, it
// took the staff's fetchers (which the dashboard needs at once) into a
// shared chunk that the site's entry would then have to name.
import RecordDetail from '../staff/record-detail';
import { TOAST, rowName, runToast, type ActionContext, type RowAction, type TabDeclaration } from './actions';
import { DeleteModal } from '../delete-modal';
import { EditModal } from '../edit-modal';
import { RecordDetails } from '../record-details';
import { AddReferrerModal, ReviewModal } from '../referrer-modals';
import { donationActions, receiptOf } from '../donations/donation-actions';
import { DonationTools } from '../donations/donation-tools';
import { CareFilters } from '../care-filters';
import { careRecordPath } from '@/config/care-paths';
import { paths } from '@/config/paths';

/** refused says (and reports) why a change is refused before it is asked
 * of the server: an admin's account is not changed from the dashboard, and
 * a tab may not allow the change at all. */
function refused(row: AdminRecord, ctx: ActionContext, allowed: boolean, onAdmin: string, notAllowed: string): boolean {
  const why = ctx.tab.name === 'users' && row.isAdmin === true ? onAdmin : allowed ? '' : notAllowed;
  if (why) toast.error(why, TOAST);
  return why !== '';
}

/** openEdit opens the record's edit form, unless refused. */
export function openEdit(row: AdminRecord, ctx: ActionContext) {
  if (refused(row, ctx, ctx.tab.editable, t('admin.cannotEditAdmin'), t('admin.editNotAllowed'))) return;
  ctx.open((close, done) => <EditModal tab={ctx.tab} record={row} onClose={close} onSaved={done} />);
}

/** The actions most tabs share. */
export const common = {
  details: {
    id: 'details',
    text: () => t('admin.details'),
    name: (who) => t('admin.detailsOf', { name: who }),
    select: (row, ctx) =>
      ctx.open((close) =>
        staffed(ctx.tab) ? (
          <RecordDetail tab={ctx.tab} record={row} staff={ctx.staff} onClose={close} onChanged={ctx.refresh} />
        ) : (
          <RecordDetails
            title={`${ctx.tab.title}: ${rowName(row)}`}
            fields={ctx.tab.fields}
            record={row}
            onClose={close}
            actions={
              ctx.tab.editable && (
                <button type="button" className="btn btn-small" onClick={() => openEdit(row, ctx)}>
                  {t('admin.edit')}
                </button>
              )
            }
          />
        ),
      ),
  },
  edit: {
    id: 'edit',
    text: () => t('admin.edit'),
    name: (who) => t('admin.editName', { name: who }),
    when: (_row, ctx) => ctx.tab.editable,
    select: openEdit,
  },
  remove: {
    id: 'delete',
    text: () => t('admin.delete'),
    name: (who) => t('admin.deleteName', { name: who }),
    danger: true,
    select: (row, ctx) => {
      if (refused(row, ctx, ctx.tab.deletable, t('admin.cannotDeleteAdmin'), t('admin.deleteNotAllowed'))) return;
      ctx.open((close, done) => <DeleteModal tab={ctx.tab.name} record={row} onClose={close} onDeleted={done} />);
    },
  },
} satisfies Record<string, RowAction>;

const held = (row: AdminRecord) => row.status === NEEDS_REVIEW;

/** The tabs with more (or less) than Details, Edit and Delete. */
const TABS: Record<string, TabDeclaration> = {
  // A registration waiting for its temple president: its link sent
  // again, or, once held for review, accepted or rejected by an admin.
  'pending-disciples': {
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
  },
  donations: {
    actions: [...donationActions, common.edit, { ...common.remove, when: (row, ctx) => ctx.tab.deletable && receiptOf(row) === null }],
    above: (ctx) => <DonationTools onChanged={ctx.refresh} onFix={ctx.fixGift} />,
  },
  // The outbox: a message that failed is tried again.
  mail: {
    actions: [
      {
        id: 'retry',
        text: () => t('admin.retry'),
        name: (who, row) => t('admin.retryMailTo', { to: String(row.to ?? who) }),
        when: (row) => row.status === 'failed',
        select: (row, ctx) => runToast(() => retryMail(recordId(row)), t('admin.mailRetried'), t('admin.mailRetryFailed'), ctx.refresh),
      },
    ],
  },
  audit: { actions: [] },
  // A care record opens on its own page, where the coordinator works;
  // the list has a coordinator's filters, and partners are added on the
  // register's partners page.
  care: {
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
  },
  partners: {
    actions: [common.details, common.edit, common.remove],
    tools: (ctx) => (
      <button type="button" className="btn btn-primary" onClick={() => ctx.go(paths.partners)}>
        {t('admin.addPartner')}
      </button>
    ),
  },
  referrers: {
    actions: [common.details, common.edit, common.remove],
    tools: (ctx) => (
      <button type="button" className="btn btn-primary" onClick={() => ctx.open((close, done) => <AddReferrerModal onClose={close} onSaved={done} />)}>
        {t('admin.addReferrer')}
      </button>
    ),
  },
};

const DEFAULT: TabDeclaration = { actions: [common.details, common.edit, common.remove] };

/** declarationOf is what a tab offers: its own declaration, or Details, Edit and Delete. */
export function declarationOf(tab: string): TabDeclaration {
  return TABS[tab] ?? DEFAULT;
}
