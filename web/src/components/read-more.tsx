// A card's extra text behind 'Read More...' / 'Read Less..', toggled in place.
import { useId, useState } from 'react';

export function ReadMore({ paragraphs }: { paragraphs: string[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div id={id} hidden={!open} className="read-more-text">
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Read Less..' : 'Read More...'}
      </button>
    </>
  );
}
