// A card's extra text behind 'Read More...' / 'Read Less..', toggled in place.
import { useId, useState, type ReactNode } from 'react';
import { t } from '@/i18n';

export function ReadMore({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div id={id} hidden={!open} className="read-more-text">
        {children}
      </div>
      <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t(open ? 'common.readLess' : 'common.readMore')}
      </button>
    </>
  );
}
