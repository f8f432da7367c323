// A row's one menu of actions: a button naming the row ("Actions for
// Asha") that opens the row's actions as a list of buttons beneath it, at
// every width, so a row needs one narrow column on a desktop and one
// button on a phone's card. The list opens in place (not floating over the
// table), so it is never cut off by the table's edge. From the keyboard:
// Enter or Space opens it on its first action, the arrow keys, Home and
// End move between actions, Escape closes it and returns to its button,
// and Tab out of it closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '@/i18n';

/** MenuItem is one action of a row's menu. */
export interface MenuItem {
  id: string;
  /** The words on the button. */
  text: string;
  /** The button's name, naming the row ("Edit Asha"). */
  name: string;
  danger?: boolean;
  onSelect: () => void;
}

export function RowMenu({ who, items }: { who: string; items: MenuItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLDivElement>(null);

  // Opened, the menu's first action takes the focus.
  useEffect(() => {
    if (open) list.current?.querySelector('button')?.focus();
  }, [open]);

  // A press anywhere outside closes it.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  if (items.length === 0) return null;

  function onListKey(e: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next = -1;
    if (e.key === 'ArrowDown') next = (at + 1) % buttons.length;
    else if (e.key === 'ArrowUp') next = (at - 1 + buttons.length) % buttons.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = buttons.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (next < 0) return;
    e.preventDefault();
    buttons[next]?.focus();
  }

  return (
    <div
      ref={box}
      className="admin-row-menu"
      onBlur={(e) => {
        if (open && !box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-small admin-row-menu-toggle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t('admin.actionsFor', { name: who })}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('admin.actions')}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys move between the list's buttons, which take the keys themselves
        <ul id={listId} ref={list} className="admin-row-menu-list" onKeyDown={onListKey}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.danger ? 'btn btn-small btn-danger' : 'btn btn-small'}
                aria-label={item.name}
                onClick={() => {
                  // The menu's button keeps the focus, so a dialog the
                  // action opens gives it back there when it closes.
                  toggle.current?.focus();
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
