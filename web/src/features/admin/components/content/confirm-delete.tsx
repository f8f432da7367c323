// The dialog that asks before an item of the site is deleted, from the
// English list or from a language's own items and translations, and
// deletes it: a toast either way, the public site's data refreshed, and
// the sentence for the page's status region handed back.
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { refreshSiteData } from '@/lib/site-data';
import { useT } from '@/i18n';
import { deleteItem, type SiteItem } from '../../api/site-admin';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { TOAST } from './content-shared';
import { itemTitle } from './form-helpers';

export function ConfirmDelete({ collection, item, onCancel, onDeleted }: { collection: string; item: SiteItem; onCancel: () => void; onDeleted: (status: string) => void }) {
  const t = useT();
  return (
    <ConfirmDeleteDialog
      text={t('admin.content.deleteText', { what: itemTitle(item) })}
      onCancel={onCancel}
      onConfirm={async () => {
        try {
          await deleteItem(collection, item._id);
          toast.success(t('admin.content.deleted'), TOAST);
          void refreshSiteData();
          onDeleted(t('admin.content.deletedName', { title: itemTitle(item) }));
          return true;
        } catch (err) {
          toast.error(messageOf(err, t('admin.content.deleteFailed')), TOAST);
          return false;
        }
      }}
    />
  );
}
