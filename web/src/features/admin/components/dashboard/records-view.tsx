// The dashboard's records: the tabs the server sends, and for the open
// tab its search, the staff's filters, its tools, the list (each row with
// its one menu of actions) and its pages. Everything the list shows is
// held by useAdminList; everything a tab may do besides is declared with
// the tab (tab-actions.tsx, loaded with the tab); and one dialog at a time
// opens in one place, its code loaded when it first opens.
import { Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { ApiError, messageOf } from '@/lib/api';
import { useLang, useT } from '@/i18n';
import { columnsOf, downloadCsv, needsTwoStep, recordId, type AdminRecord, type TabInfo } from '../../api/admin';
import { staffed, useNewCounts, useStaff, type StaffMember } from '../../api/staff';
import { useTabs } from '../../api/queries';
import { MIN_SEARCH, useAdminList } from '../../api/use-admin-list';
import { MailToFileBanner } from '../mail-to-file-banner';
import { RecordsTable } from '../records-table';
import { formatCount } from '../format';
import { BulkBar, StaffFilters } from '../staff/staff-tools';
import { AccessDenied, TwoStepNeeded } from './access-denied';
import { TOAST, rowName, type ActionContext, type DialogRender, type TabDeclaration, type ToolContext } from './actions';
import { ListPager } from './list-pager';
import { RowMenu } from './row-menu';
import { EditModal } from './common-actions';
import { useDeclaration } from './tab-actions';
import { TabBar } from './tab-bar';
import { Views } from './views';

const PANEL = 'admin-panel';
const NO_STAFF: StaffMember[] = [];
const NOTHING: TabDeclaration = { actions: [] };

export function RecordsView() {
  const t = useT();
  // The server names the tabs, columns and choices in the admin's
  // language: asked again when another language is chosen.
  const tabs = useTabs(useLang());
  useEffect(() => {
    if (tabs.error) console.warn('admin tabs failed', tabs.error);
  }, [tabs.error]);
  if (needsTwoStep(tabs.error)) return <TwoStepNeeded />;
  if (tabs.error instanceof ApiError && tabs.error.status === 403) return <AccessDenied />;
  if (tabs.error) return <p className="admin-empty">{t('admin.dashboardFailed')}</p>;
  if (!tabs.data) {
    // The title shows at once; the tabs and their list follow below it.
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.title')}</h1>
        <p className="admin-empty">{t('admin.loading')}</p>
      </section>
    );
  }
  if (tabs.data.length === 0) {
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.title')}</h1>
        <Views view="records" />
        <p className="admin-empty">{t('admin.noLists')}</p>
      </section>
    );
  }
  return <Records tabs={tabs.data} />;
}

function Records({ tabs }: { tabs: TabInfo[] }) {
  const t = useT();
  const list = useAdminList(tabs);
  const { tab, q, filters, loading, failed } = list;
  const { rows, total, capped } = list.list;
  const info = tabs.find((x) => x.name === tab) ?? tabs[0];
  // The open tab's actions and tools; the list waits for them, so that its
  // menu column does not arrive after the rows.
  const ready = useDeclaration(info.name);
  const declaration = ready ?? NOTHING;
  const staff = useStaff().data ?? NO_STAFF;
  const { counts, loaded, seen } = useNewCounts();
  const searchId = useId();
  // The one dialog open over the dashboard, if any.
  const [dialog, setDialog] = useState<DialogRender | null>(null);
  // The rows picked for a bulk action (staffed tabs).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A gift to fix from the annual statement: its row opens for editing as
  // soon as the search for its donor shows it.
  const [fixing, setFixing] = useState<{ id: string; donor: string } | null>(null);

  useEffect(() => {
    if (list.failed) console.warn('admin list failed');
  }, [list.failed]);

  // The first tab counts as looked at once its counts are read.
  const firstTab = tabs[0].name;
  useEffect(() => {
    if (loaded) seen(firstTab, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the counts arrive
  }, [loaded, firstTab]);

  const refresh = list.refresh;
  const navigate = useNavigate();
  const ctx: ActionContext = useMemo(
    () => ({ tab: info, staff, refresh, open: (d: DialogRender) => setDialog(() => d), go: (to: string) => navigate(to) }),
    [info, staff, refresh, navigate],
  );
  const close = useCallback(() => {
    setDialog(null);
    setFixing(null);
  }, []);
  const done = useCallback(() => {
    close();
    refresh();
  }, [close, refresh]);

  // The gift to fix, once the list searched for its donor has loaded.
  const fixLoaded = fixing !== null && !loading && q === fixing.donor;
  const fixRow = fixLoaded ? rows.find((r) => recordId(r) === fixing.id) : undefined;
  const fixMissing = fixLoaded && !fixRow;
  const shown: DialogRender | null =
    dialog ?? (fixRow ? (c, d) => <EditModal tab={info} record={fixRow} onClose={c} onSaved={d} /> : null);

  const tools: ToolContext = {
    ...ctx,
    filters,
    setFilters: (f) => {
      list.setFilters(f);
      setSelected(new Set());
    },
    fixGift: (id, donor) => {
      list.setSearch(donor);
      setFixing({ id, donor: donor.trim() });
    },
  };

  function chooseTab(next: string) {
    if (next === tab) return;
    list.chooseTab(next);
    setFixing(null);
    setSelected(new Set());
    seen(next);
  }

  const columns = useMemo(() => columnsOf(info), [info]);
  const actions = useMemo(() => {
    if (declaration.actions.length === 0) return undefined;
    return (row: AdminRecord) => {
      const who = rowName(row);
      const items = declaration.actions
        .filter((a) => !a.when || a.when(row, ctx))
        .map((a) => ({ id: a.id, text: a.text(), name: a.name(who, row), danger: a.danger, onSelect: () => void a.select(row, ctx) }));
      return <RowMenu who={who} items={items} />;
    };
    // t: the words change with the language.
  }, [declaration, ctx, t]); // eslint-disable-line react-hooks/exhaustive-deps

  const isStaffed = staffed(info);
  const shownTotal = capped ? t('admin.totalCapped', { n: total }) : formatCount(total);

  if (list.twoStep) return <TwoStepNeeded />;
  if (list.denied) return <AccessDenied />;

  return (
    <section className="page-section admin-page">
      <h1>{t('admin.title')}</h1>
      <MailToFileBanner />
      <Views view="records" />
      <TabBar tabs={tabs} current={tab} counts={counts} onChoose={chooseTab} panel={PANEL} />
      <div id={PANEL} role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="admin-panel">
        <div className="admin-toolbar">
          <div className="admin-search">
            <label htmlFor={searchId}>{t('admin.search')}</label>
            <input
              id={searchId}
              type="search"
              value={list.search}
              onChange={(e) => list.setSearch(e.target.value)}
              maxLength={200}
              aria-describedby={list.tooShort ? `${searchId}-hint ${searchId}-how` : `${searchId}-how`}
            />
            {list.tooShort && (
              <p id={`${searchId}-hint`} className="admin-hint">
                {t('admin.searchTooShort', { n: MIN_SEARCH })}
              </p>
            )}
            <p id={`${searchId}-how`} className="admin-hint admin-search-how">
              {t('admin.searchHowTo')}
            </p>
          </div>
          {isStaffed && (
            <StaffFilters
              tab={info}
              staff={staff}
              filters={filters}
              onFilters={(f) => {
                list.setFilters(f);
                setSelected(new Set());
              }}
            />
          )}
          {declaration.tools?.(tools)}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => downloadCsv(tab, q, filters).catch((err) => toast.error(messageOf(err, t('admin.csvFailed')), TOAST))}
          >
            {t('admin.downloadCsv')}
          </button>
        </div>
        {declaration.above?.(tools)}
        {fixMissing && (
          <p role="status" className="admin-hint">
            {t('admin.fixMissing', { donor: fixing?.donor ?? '' })}
          </p>
        )}
        <p className="sr-only" aria-live="polite">
          {loading ? t('admin.loading') : capped ? t('admin.entriesCapped', { total: shownTotal }) : t('admin.entries', { n: total })}
        </p>
        {isStaffed && info.editable && (
          <BulkBar
            tab={info}
            staff={staff}
            selected={[...selected]}
            onDone={() => {
              setSelected(new Set());
              refresh();
            }}
          />
        )}
        {rows.length === 0 || !ready ? (
          <p className="admin-empty">{loading || !ready ? t('admin.loading') : failed ? t('admin.listFailed') : t('admin.noEntries')}</p>
        ) : (
          <RecordsTable
            caption={`${info.title} (${shownTotal})`}
            rows={rows}
            columns={columns}
            keyFields={info.keyFields ?? undefined}
            sort={list.sort}
            onSort={list.setSort}
            actions={actions}
            selection={
              isStaffed && info.editable
                ? {
                    selected,
                    onToggle: (id, on) =>
                      setSelected((cur) => {
                        const next = new Set(cur);
                        if (on) next.add(id);
                        else next.delete(id);
                        return next;
                      }),
                    onToggleAll: (on) => setSelected(on ? new Set(rows.map(recordId)) : new Set()),
                    label: (row) => t('admin.selectName', { name: String(row.fullName ?? row.name ?? recordId(row)) }),
                  }
                : undefined
            }
          />
        )}
        <ListPager list={list} />
      </div>
      <Suspense fallback={null}>{shown?.(close, done)}</Suspense>
    </section>
  );
}
