// A modal on the native <dialog> opened with showModal(): the rest of the
// page becomes inert, so focus stays inside; Escape closes it and focus
// returns to the control that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  describedBy?: string;
}

export function Modal({ title, onClose, children, footer, describedBy }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="admin-modal"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="admin-modal-title">
        {title}
      </h2>
      <div className="admin-modal-body">{children}</div>
      <div className="admin-modal-footer">{footer}</div>
    </dialog>
  );
}
