// 'Confirm Delete'.
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { deleteEntry, recordId, type AdminRecord, type TabId } from '../api/admin';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

const TOAST = { position: 'top-center', duration: 2000 } as const;

export interface DeleteModalProps {
  tab: TabId;
  record: AdminRecord;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteModal({ tab, record, onClose, onDeleted }: DeleteModalProps) {
  return (
    <ConfirmDeleteDialog
      text="Are you sure you want to delete this entry?"
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await deleteEntry(tab, recordId(record));
          // This success is shown with the error styling on purpose.
          toast.error('Entry deleted successfully!', TOAST);
          onDeleted();
          return true;
        } catch (err) {
          toast.error(messageOf(err, 'Failed to delete entry.'), TOAST);
          return false;
        }
      }}
    />
  );
}
