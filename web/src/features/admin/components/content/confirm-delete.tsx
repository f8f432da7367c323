// The dialog that asks before an item of the site is deleted, from the
// English list or from a language's own items and translations, and
// deletes it: a toast either way, the public site's data refreshed, and
// the sentence for the page's status region handed back.
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { refreshSiteData } from '@/lib/site-data';
import { useT } from '@/i18n';
import { deleteItem, type SiteItem } from '../../api/site-admin';
import { Modal } from '../modal';
import { TOAST } from './content-shared';
import { itemTitle } from './form-helpers';

export function ConfirmDelete({ collection, item, onCancel, onDeleted }: { collection: string; item: SiteItem; onCancel: () => void; onDeleted: (status: string) => void }) {
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const t = useT();
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Modal
      title="Confirm Delete"
      onClose={onCancel}
      describedBy={textId}
      footer={
        <>
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>
            {t('admin.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await deleteItem(collection, item._id);
                toast.success(t('admin.content.deleted'), TOAST);
                void refreshSiteData();
                onDeleted(t('admin.content.deletedName', { title: itemTitle(item) }));
              } catch (err) {
                toast.error(messageOf(err, t('admin.content.deleteFailed')), TOAST);
              }
              setBusy(false);
            }}
          >
            {t('admin.delete')}
          </button>
        </>
      }
    >
      <p id={textId}>{t('admin.content.deleteText', { what: itemTitle(item) })}</p>
    </Modal>
  );
}
