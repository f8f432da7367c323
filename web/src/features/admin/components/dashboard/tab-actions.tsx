// What each tab offers besides its list: the actions of a row (its one
// menu) and the tools above the list. A tab the server sends that is not
// named here gets Details, Edit and Delete (common-actions.tsx), so a new
// list needs nothing here; a tab with more to do declares it in a module
// of its own (tabs/), loaded when the tab is first opened, so that the
// dashboard's first screen carries only the tab it shows.
import { useEffect, useState } from 'react';
import { withTimeout } from '@/app/lazy';
import { t } from '@/i18n';
import { recordId, retryMail } from '../../api/admin';
import { paths } from '@/config/paths';
import { runToast, type TabDeclaration } from './actions';
import { DEFAULT, common } from './common-actions';

/** The tabs whose declaration is a few lines of their own, kept here. */
const SMALL: Record<string, TabDeclaration> = {
  // The outbox: a message that failed is tried again.
  mail: {
    actions: [
      {
        id: 'retry',
        text: () => t('admin.retry'),
        name: (who, row) => t('admin.retryMailTo', { to: String(row.to ?? who) }),
        when: (row) => row.status === 'failed',
        select: (row, ctx) => runToast(() => retryMail(recordId(row)), t('admin.mailRetried'), t('admin.mailRetryFailed'), ctx.refresh),
      },
    ],
  },
  audit: { actions: [] },
  // Partners are added on the care register's partners page.
  partners: {
    actions: [common.details, common.edit, common.remove],
    tools: (ctx) => (
      <button type="button" className="btn btn-primary" onClick={() => ctx.go(paths.partners)}>
        {t('admin.addPartner')}
      </button>
    ),
  },
};

/** The tabs with code of their own, each loaded when first opened. */
const LOADED: Record<string, () => Promise<{ default: TabDeclaration }>> = {
  'pending-disciples': () => import('./tabs/pending-disciples'),
  donations: () => import('./tabs/donations'),
  care: () => import('./tabs/care'),
  referrers: () => import('./tabs/referrers'),
};

const declarations = new Map<string, TabDeclaration>();

/** loadDeclaration is what a tab offers: its own declaration, or Details,
 * Edit and Delete. */
export async function loadDeclaration(tab: string): Promise<TabDeclaration> {
  const ready = declarations.get(tab) ?? SMALL[tab] ?? (LOADED[tab] ? undefined : DEFAULT);
  if (ready) return ready;
  const { default: declaration } = await withTimeout(LOADED[tab]());
  declarations.set(tab, declaration);
  return declaration;
}

/** useDeclaration is the open tab's declaration, null while its code
 * loads; a chunk that cannot load is thrown to the page's error boundary,
 * which offers a reload. */
export function useDeclaration(tab: string): TabDeclaration | null {
  const known = declarations.get(tab) ?? SMALL[tab] ?? (LOADED[tab] ? null : DEFAULT);
  const [loaded, setLoaded] = useState<{ tab: string; declaration?: TabDeclaration; error?: unknown } | null>(null);
  useEffect(() => {
    if (known) return;
    let live = true;
    loadDeclaration(tab).then(
      (declaration) => live && setLoaded({ tab, declaration }),
      (error: unknown) => live && setLoaded({ tab, error }),
    );
    return () => {
      live = false;
    };
  }, [tab, known]);
  if (known) return known;
  if (loaded?.tab !== tab) return null;
  if (loaded.error) throw loaded.error;
  return loaded.declaration ?? null;
}
