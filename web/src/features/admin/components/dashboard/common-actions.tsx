// The actions most dashboard tabs share: Details, Edit and Delete, and
// what a tab the page does not name gets. Their dialogs are loaded when
// one is first opened: the list needs none of them to show.
import { lazy } from 'react';
import { toast } from '@/components/lazy-toaster';
import { withTimeout } from '@/app/lazy';
import { t } from '@/i18n';
import type { AdminRecord } from '../../api/admin';
import { staffed } from '../../api/staff';
import { TOAST, rowName, type ActionContext, type RowAction, type TabDeclaration } from './actions';

/** EditModal is the record's edit form, loaded when first opened. */
export const EditModal = lazy(() => withTimeout(import('../edit-modal')).then((m) => ({ default: m.EditModal })));
const DeleteModal = lazy(() => withTimeout(import('../delete-modal')).then((m) => ({ default: m.DeleteModal })));
const RecordDetails = lazy(() => withTimeout(import('../record-details')).then((m) => ({ default: m.RecordDetails })));
const RecordDetail = lazy(() => withTimeout(import('../staff/record-detail')));

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

/** DEFAULT is what a tab the page does not name offers. */
export const DEFAULT: TabDeclaration = { actions: [common.details, common.edit, common.remove] };
