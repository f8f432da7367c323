// The dialog that asks before something is deleted: its text, Cancel
// (where the focus starts, the safe choice) and Delete, which runs the
// deletion and stays disabled while it runs, and after it when it is done
// (the dialog is then closing).
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { Modal } from './modal';

export function ConfirmDeleteDialog({ text, onCancel, onConfirm }: { text: string; onCancel: () => void; onConfirm: () => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  // Modal's effect, which runs first, has already opened the dialog, so
  // the button can take focus.
  useEffect(() => cancel.current?.focus(), []);
  async function confirm() {
    setBusy(true);
    if (!(await onConfirm())) setBusy(false);
  }
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
          <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
            {t('admin.delete')}
          </button>
        </>
      }
    >
      <p id={textId}>{text}</p>
    </Modal>
  );
}
