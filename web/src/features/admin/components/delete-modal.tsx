// 'Confirm Delete'.
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { deleteEntry, recordId, type AdminRecord, type TabId } from '../api/admin';
import { Modal } from './modal';

const TOAST = { position: 'top-center', duration: 2000 } as const;

export interface DeleteModalProps {
  tab: TabId;
  record: AdminRecord;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteModal({ tab, record, onClose, onDeleted }: DeleteModalProps) {
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  // Focus starts on the safe choice. Modal's effect, which runs first, has
  // already opened the dialog, so the button can take focus.
  useEffect(() => cancel.current?.focus(), []);
  async function confirm() {
    setBusy(true);
    try {
      await deleteEntry(tab, recordId(record));
      // This success is shown with the error styling on purpose.
      toast.error('Entry deleted successfully!', TOAST);
      onDeleted();
    } catch (err) {
      toast.error(messageOf(err, 'Failed to delete entry.'), TOAST);
      setBusy(false);
    }
  }
  return (
    <Modal
      title="Confirm Delete"
      onClose={onClose}
      describedBy={textId}
      footer={
        <>
          <button ref={cancel} type="button" className="btn" onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
            {t('admin.delete')}
          </button>
        </>
      }
    >
      <p id={textId}>Are you sure you want to delete this entry?</p>
    </Modal>
  );
}
