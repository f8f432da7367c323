// The dashboard's tabs, one per list the admin may read, in the server's
// order: the arrow keys, Home and End move between them (the tab moved to
// opens), and a tab with records new since the admin last looked says how
// many.
import { useRef, type KeyboardEvent } from 'react';
import { useT } from '@/i18n';
import type { TabInfo } from '../../api/admin';

export interface TabBarProps {
  tabs: TabInfo[];
  current: string;
  counts: Record<string, number>;
  onChoose: (tab: string) => void;
  /** The id of the panel the tabs control. */
  panel: string;
}

export function TabBar({ tabs, current, counts, onChoose, panel }: TabBarProps) {
  const t = useT();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = tabs.length - 1;
    if (j < 0) return;
    e.preventDefault();
    onChoose(tabs[j].name);
    refs.current[tabs[j].name]?.focus();
  }
  return (
    <div role="tablist" aria-label={t('admin.records')} className="admin-tabs">
      {tabs.map((x, i) => (
        <button
          key={x.name}
          ref={(el) => {
            refs.current[x.name] = el;
          }}
          type="button"
          role="tab"
          id={`admin-tab-${x.name}`}
          aria-selected={current === x.name}
          aria-controls={panel}
          aria-describedby={counts[x.name] ? `admin-new-${x.name}` : undefined}
          tabIndex={current === x.name ? 0 : -1}
          className={current === x.name ? 'admin-tab active' : 'admin-tab'}
          onClick={() => onChoose(x.name)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {x.title}
          {/* Kept out of the tab's name (which tests and screen readers
              use to find it) and read as its description. */}
          {counts[x.name] ? (
            <span id={`admin-new-${x.name}`} className="staff-new" aria-hidden="true">
              {t('admin.newCount', { n: counts[x.name] })}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
