// The /admin page (the admin dashboard): tabs, search, CSV
// export, a server-paged table with Edit and Delete, pending registrations
// with Resend, the mail outbox with Retry, donations with their receipts,
// bank statement import and annual statement, and the audit log. Its second
// view, /admin?view=content, is the Site content area, and its third,
// /admin?view=breaches, the record of personal data breaches; both are
// loaded on demand.
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { withTimeout } from '@/app/lazy';
import { careRecordPath } from '@/config/care-paths';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { api } from '@/lib/api';
import { can, isStaff, updateSessionUser, useSession, type SessionUser } from '@/lib/session';
import { useLang, useT } from '@/i18n';
import {
  NEEDS_REVIEW,
  downloadCsv,
  fetchList,
  fetchTabs,
  recordId,
  resendLink,
  retryMail,
  type AdminRecord,
  type ListResult,
  type TabId,
  type TabInfo,
} from '../api/admin';
import { AdminMessages } from './admin-messages';
import { CareFilters } from './care-filters';
import { AlertsBanner } from './alerts/alerts-banner';
import { MailToFileBanner } from './mail-to-file-banner';
import { DeleteModal } from './delete-modal';
import { EditModal } from './edit-modal';
import { RecordDetails } from './record-details';
import { AddReferrerModal, ReviewModal } from './referrer-modals';
import { RecordsTable } from './records-table';
import { formatCount } from './format';
import { placeParams, readPlace } from './dashboard-url';
import { DonationActions } from './donations/donation-actions';
import { DonationTools } from './donations/donation-tools';
import { BulkBar, StaffFilters } from './staff/staff-tools';
import { fetchNewCounts, fetchStaff, markSeen, staffed, type StaffMember } from '../api/staff';
import './admin.css';

const TOAST = { position: 'top-center', duration: 2000 } as const;
export const PAGE_SIZES = [5, 10, 50, 100, 200] as const;

export function AccessDenied() {
  return (
    <section className="page-section">
      <h1>Access Denied</h1>
      <p>You are not authorized to view this page.</p>
    </section>
  );
}

const ContentArea = lazy(() => withTimeout(import('./content/content-area')));
const BreachesArea = lazy(() => withTimeout(import('./breaches/breaches-area')));
const AssistedArea = lazy(() => withTimeout(import('./breaches/assisted-area')));
const RecordDetail = lazy(() => withTimeout(import('./staff/record-detail')));
const StaffRoles = lazy(() => withTimeout(import('./staff/staff-roles')));
const AccessLog = lazy(() => withTimeout(import('./staff/access-log')));

/** The dashboard's views: the records, the site's content and the breaches. */
type View = 'records' | 'content' | 'breaches' | 'assisted' | 'staff' | 'access' | 'reports';
function Views({ view }: { view: View }) {
  const t = useT();
  const { user } = useSession();
  // Each view shows only to those whose roles allow it (the server
  // refuses the rest whatever the page shows).
  const all: { view: View; to: string; label: string; perm?: string }[] = [
    { view: 'records', to: '/admin', label: t('admin.records') },
    { view: 'content', to: '/admin?view=content', label: t('admin.siteContent'), perm: 'content.write' },
    { view: 'breaches', to: '/admin?view=breaches', label: t('admin.breaches'), perm: 'privacy.manage' },
    { view: 'assisted', to: '/admin?view=assisted', label: t('admin.forElders'), perm: 'people.read' },
    { view: 'staff', to: '/admin?view=staff', label: t('admin.staff'), perm: 'staff.manage' },
    { view: 'access', to: '/admin?view=access', label: t('admin.accessLog'), perm: 'audit.read' },
    // The care register's reports are a page of their own.
    { view: 'reports', to: paths.reports, label: t('admin.careReports'), perm: 'reports.read' },
  ];
  const links = all.filter((l) => !l.perm || can(user, l.perm) || (user?.isAdmin === true && !user.permissions));
  return (
    <nav aria-label={t('admin.views')}>
      <ul className="admin-views">
        {links.map((l) => (
          <li key={l.view}>
            <Link to={l.to} aria-current={view === l.view ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminDashboard() {
  const { user } = useSession();
  useFreshRoles();
  if (!isStaff(user)) return <AccessDenied />;
  return (
    <AdminMessages>
      <AlertsBanner />
      <AdminViews />
    </AdminMessages>
  );
}

/** useFreshRoles reads the person's roles again when the dashboard
 * opens, so a role given or taken since sign-in shows at once. */
function useFreshRoles() {
  useEffect(() => {
    api<SessionUser>('/users/me').then(updateSessionUser, () => undefined);
  }, []);
}

function AdminViews() {
  const [params] = useSearchParams();
  const t = useT();
  if (params.get('view') === 'access') {
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.accessLog')}</h1>
        <Views view="access" />
        <Suspense fallback={<p>{t('admin.loading')}</p>}>
          <AccessLog />
        </Suspense>
      </section>
    );
  }
  if (params.get('view') === 'staff') {
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.staff')}</h1>
        <Views view="staff" />
        <Suspense fallback={<p>{t('admin.loading')}</p>}>
          <StaffRoles />
        </Suspense>
      </section>
    );
  }
  if (params.get('view') === 'content') {
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.siteContent')}</h1>
        <Views view="content" />
        <Suspense fallback={<p>{t('admin.loading')}</p>}>
          <ContentArea />
        </Suspense>
      </section>
    );
  }
  if (params.get('view') === 'assisted') {
    return (
      <section className="page-section admin-page">
        <h1>Forms sent for elders</h1>
        <Views view="assisted" />
        <Suspense fallback={<p>Loading…</p>}>
          <AssistedArea />
        </Suspense>
      </section>
    );
  }
  if (params.get('view') === 'breaches') {
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.breaches')}</h1>
        <Views view="breaches" />
        <Suspense fallback={<p>{t('admin.loading')}</p>}>
          <BreachesArea />
        </Suspense>
      </section>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  // The tabs, their columns and their rules come from the server.
  const [tabs, setTabs] = useState<TabInfo[] | null>(null);
  const [tabsDenied, setTabsDenied] = useState(false);
  const [tabsFailed, setTabsFailed] = useState(false);
  const t = useT();
  // The server names the tabs, columns and choices in the admin's
  // language: asked again when another language is chosen.
  const lang = useLang();
  useEffect(() => {
    fetchTabs()
      .then(setTabs)
      .catch((err) => {
        if (err instanceof ApiError && err.status === 403) setTabsDenied(true);
        else setTabsFailed(true);
        console.warn('admin tabs failed', err);
        setTabs([]);
      });
  }, [lang]);
  if (tabsDenied) return <AccessDenied />;
  if (tabsFailed) return <p className="admin-empty">{t('admin.dashboardFailed')}</p>;
  if (!tabs) return <p className="admin-empty">{t('admin.loading')}</p>;
  if (tabs.length === 0) {
    return (
      <section className="page-section admin-page">
        <h1>{t('admin.title')}</h1>
        <Views view="records" />
        <p className="admin-empty">{t('admin.noLists')}</p>
      </section>
    );
  }
  return <Tabs tabs={tabs} />;
}

/** The shortest search the dashboard sends. */
const MIN_SEARCH = 3;

function Tabs({ tabs }: { tabs: TabInfo[] }) {
  const t = useT();
  // The tab, search, filters and page start from the address and are
  // written back to it (replacing the entry, so Back leaves the dashboard).
  const [params, setParams] = useSearchParams();
  const [start] = useState(() => readPlace(params, tabs.map((x) => x.name)));
  const [tab, setTab] = useState<TabId>(start.tab);
  const [search, setSearch] = useState(start.q);
  const [q, setQ] = useState(start.q);
  const [page, setPage] = useState(start.page);
  const [pageSize, setPageSize] = useState(5);
  const [sort, setSort] = useState('');
  const [data, setData] = useState<ListResult>({ rows: [], total: 0 });
  const [denied, setDenied] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<AdminRecord | null>(null);
  const [viewing, setViewing] = useState<{ row: AdminRecord; name: string } | null>(null);
  const [deleting, setDeleting] = useState<AdminRecord | null>(null);
  const [adding, setAdding] = useState(false);
  const [reviewing, setReviewing] = useState<{ row: AdminRecord; mode: 'accept' | 'reject' } | null>(null);
  // A gift to fix from the annual statement: its row opens for editing as
  // soon as the search for its donor shows it.
  const [fixing, setFixing] = useState<{ id: string; donor: string } | null>(null);
  // The staff's filters (status, owner), the rows picked for a bulk
  // action, the record whose details are open, the admins, and how many
  // records are new on each tab since this admin last looked.
  const [filters, setFilters] = useState<Record<string, string>>(start.filters);
  const firstTab = tabs[0].name;
  useEffect(() => {
    const next = placeParams({ tab, q, page, filters }, firstTab);
    setParams(
      (prev) => {
        // Other parts of the address (a view, a donor to fix) stay.
        const out = new URLSearchParams(next);
        for (const [k, v] of prev) if (!['tab', 'q', 'page'].includes(k) && !k.startsWith('f.')) out.set(k, v);
        return out.toString() === prev.toString() ? prev : out;
      },
      { replace: true },
    );
  }, [tab, q, page, filters, firstTab, setParams]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [detail, setDetail] = useState<AdminRecord | null>(null);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [counts, setCounts] = useState<Record<string, number>>({});
  // The list reads Loading… until the answer to the current query arrives.
  const query = JSON.stringify([tab, q, page, pageSize, sort, reload, filters]);
  const [loadedQuery, setLoadedQuery] = useState('');
  const loading = loadedQuery !== query;
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const searchId = useId();
  const sizeId = useId();

  // The search applies 300 ms after typing stops, from page 1, once it
  // has three characters: the search index finds nothing shorter, and
  // reading every row of a long list for it would be slow.
  const tooShort = [...search.trim()].length > 0 && [...search.trim()].length < MIN_SEARCH;
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = search.trim();
      if ([...next].length > 0 && [...next].length < MIN_SEARCH) return;
      setQ((prev) => {
        if (prev !== next) setPage(1);
        return next;
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    fetchStaff().then(setStaff, () => setStaff([]));
  }, []);

  // The first tab counts as looked at once its counts are read.
  useEffect(() => {
    fetchNewCounts()
      .then((c) => {
        setCounts(c);
        if (c[tabs[0].name]) markSeen(tabs[0].name).catch(() => undefined);
      })
      .catch(() => setCounts({}));
  }, [tabs]);

  // Where each page visited so far ends, by list and page: the next page
  // asks for the rows after it, so a page deep in a long list is as quick
  // as the first.
  const [cursors] = useState(() => new Map<string, string>());

  useEffect(() => {
    const ctrl = new AbortController();
    const listKey = JSON.stringify([tab, q, pageSize, sort, filters]);
    const after = page > 1 ? cursors.get(`${listKey}#${page}`) : undefined;
    fetchList(tab, { q, page, pageSize, sort, filters, after, signal: ctrl.signal })
      .then((res) => {
        if (res.next) cursors.set(`${listKey}#${page + 1}`, res.next);
        setData(res);
        setFailed(false);
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        if (err instanceof ApiError && err.status === 403) setDenied(true);
        // A load failure is only logged; the table shows as empty.
        console.warn('admin list failed', err);
        setFailed(true);
        setData({ rows: [], total: 0 });
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoadedQuery(query);
      });
    return () => ctrl.abort();
  }, [tab, q, page, pageSize, sort, reload, query, filters, cursors]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  function chooseTab(next: TabId) {
    if (next === tab) return;
    setTab(next);
    setPage(1);
    setSort('');
    setData({ rows: [], total: 0 });
    setFixing(null);
    setFilters({});
    setSelected(new Set());
    if (counts[next]) {
      markSeen(next).catch(() => undefined);
      setCounts((c) => ({ ...c, [next]: 0 }));
    }
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = tabs.length - 1;
    if (j < 0) return;
    e.preventDefault();
    chooseTab(tabs[j].name);
    tabRefs.current[tabs[j].name]?.focus();
  }

  // Every list is searched, sorted and paged by the server.
  const { rows, total, capped } = data;
  const shownTotal = capped ? t('admin.totalCapped', { n: total }) : formatCount(total);

  const info = tabs.find((x) => x.name === tab) ?? tabs[0];
  const columns = useMemo(() => info.fields.filter((f) => f.shown), [info]);
  // Past a capped total the pages go on as long as each is full.
  const pages = pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const first = total === 0 ? 0 : pageSize > 0 ? (page - 1) * pageSize + 1 : 1;
  const last = pageSize > 0 ? (capped ? (page - 1) * pageSize + rows.length : Math.min(total, page * pageSize)) : total;
  const hasNext = capped ? rows.length === pageSize : page < pages;
  const label = info.title;
  const isStaffed = staffed(info);

  const openEdit = useCallback(
    (row: AdminRecord) => {
      if (tab === 'users' && row.isAdmin === true) {
        toast.error('You cannot edit admin data!', TOAST);
        return;
      }
      if (!info.editable) {
        toast.error('Editing not allowed for this type.', TOAST);
        return;
      }
      setEditing(row);
    },
    [tab, info],
  );

  const openDelete = useCallback(
    (row: AdminRecord) => {
      if (tab === 'users' && row.isAdmin === true) {
        toast.error('You cannot delete admin data!', TOAST);
        return;
      }
      if (!info.deletable) {
        toast.error('Delete not allowed for this type.', TOAST);
        return;
      }
      setDeleting(row);
    },
    [tab, info],
  );

  const actions = useMemo(() => {
    if (tab === 'audit') return undefined;
    return (row: AdminRecord) => {
      const name = String(row.fullName ?? row.name ?? row.subject ?? row.to ?? row.donorName ?? recordId(row));
      if (tab === 'donations') {
        return (
          <DonationActions
            row={row}
            onChanged={refresh}
            edit={
              info.editable && (
                <button type="button" className="btn btn-small" aria-label={t('admin.editName', { name })} onClick={() => openEdit(row)}>
                  {t('admin.edit')}
                </button>
              )
            }
            remove={
              info.deletable && (
                <button type="button" className="btn btn-small btn-danger" aria-label={t('admin.deleteName', { name })} onClick={() => openDelete(row)}>
                  {t('admin.delete')}
                </button>
              )
            }
          />
        );
      }
      if (tab === 'mail') {
        return row.status === 'failed' ? (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('admin.retryMailTo', { to: String(row.to ?? name) })}
            onClick={async () => {
              try {
                const res = await retryMail(recordId(row));
                toast.success(res?.message || t('admin.mailRetried'), TOAST);
                refresh();
              } catch (err) {
                toast.error(messageOf(err, t('admin.mailRetryFailed')), TOAST);
              }
            }}
          >
            {t('admin.retry')}
          </button>
        ) : null;
      }
      return (
        <div className="admin-actions">
          {/* A care record opens on its own page, where the coordinator works. */}
          {tab === 'care' && (
            <Link className="btn btn-small" to={careRecordPath(recordId(row))} aria-label={t('admin.openCareOf', { name })}>
              {t('admin.openCare')}
            </Link>
          )}
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('admin.detailsOf', { name })}
            onClick={() => (staffed(info) ? setDetail(row) : setViewing({ row, name }))}
          >
            {t('admin.details')}
          </button>
          {tab === 'pending-disciples' && row.status === NEEDS_REVIEW ? (
            <>
              <button type="button" className="btn btn-small" aria-label={t('admin.acceptFor', { name })} onClick={() => setReviewing({ row, mode: 'accept' })}>
                {t('admin.accept')}
              </button>
              <button type="button" className="btn btn-small" aria-label={t('admin.rejectFor', { name })} onClick={() => setReviewing({ row, mode: 'reject' })}>
                {t('admin.reject')}
              </button>
            </>
          ) : tab === 'pending-disciples' ? (
            <button
              type="button"
              className="btn-link"
              aria-label={t('admin.resendFor', { name })}
              onClick={async () => {
                try {
                  const res = await resendLink(recordId(row));
                  toast.success(res?.message || t('admin.resent'), TOAST);
                  refresh();
                } catch (err) {
                  toast.error(messageOf(err, t('admin.resendFailed')), TOAST);
                }
              }}
            >
              {t('admin.resend')}
            </button>
          ) : (
            info.editable && (
              <button type="button" className="btn btn-small" aria-label={t('admin.editName', { name })} onClick={() => openEdit(row)}>
                {t('admin.edit')}
              </button>
            )
          )}
          <button type="button" className="btn btn-small btn-danger" aria-label={t('admin.deleteName', { name })} onClick={() => openDelete(row)}>
            {t('admin.delete')}
          </button>
        </div>
      );
    };
  }, [tab, info, openEdit, openDelete, refresh, t]);

  // The gift to fix, once the list searched for its donor has loaded.
  const fixLoaded = fixing !== null && !loading && q === fixing.donor;
  const fixRow = fixLoaded ? rows.find((r) => recordId(r) === fixing.id) : undefined;
  const fixMissing = fixLoaded && !fixRow;

  if (denied) return <AccessDenied />;

  return (
    <section className="page-section admin-page">
      <h1>{t('admin.title')}</h1>
      <MailToFileBanner />
      <Views view="records" />
      <div role="tablist" aria-label={t('admin.records')} className="admin-tabs">
        {tabs.map((x, i) => (
          <button
            key={x.name}
            ref={(el) => {
              tabRefs.current[x.name] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${x.name}`}
            aria-selected={tab === x.name}
            aria-controls="admin-panel"
            aria-describedby={counts[x.name] ? `admin-new-${x.name}` : undefined}
            tabIndex={tab === x.name ? 0 : -1}
            className={tab === x.name ? 'admin-tab active' : 'admin-tab'}
            onClick={() => chooseTab(x.name)}
            onKeyDown={(e) => onTabKey(e, i)}
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
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="admin-panel">
        <div className="admin-toolbar">
          <div className="admin-search">
            <label htmlFor={searchId}>{t('admin.search')}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={200}
              aria-describedby={tooShort ? `${searchId}-hint ${searchId}-how` : `${searchId}-how`}
            />
            {tooShort && (
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
                setFilters(f);
                setPage(1);
                setSelected(new Set());
              }}
            />
          )}
          {tab === 'care' && (
            <CareFilters
              tab={info}
              staff={staff}
              filters={filters}
              onFilters={(f) => {
                setFilters(f);
                setPage(1);
              }}
            />
          )}
          {tab === 'referrers' && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t('admin.addReferrer')}
            </button>
          )}
          {/* Partners are added on the care register's own page. */}
          {tab === 'partners' && (
            <Link className="btn btn-primary" to={paths.partners}>
              {t('admin.addPartner')}
            </Link>
          )}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => downloadCsv(tab, q, filters).catch((err) => toast.error(messageOf(err, t('admin.csvFailed')), TOAST))}
          >
            {t('admin.downloadCsv')}
          </button>
        </div>
        {tab === 'donations' && (
          <DonationTools
            onChanged={refresh}
            onFix={(id, donor) => {
              setSearch(donor);
              setFixing({ id, donor: donor.trim() });
            }}
          />
        )}
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
        {rows.length === 0 ? (
          <p className="admin-empty">{loading ? t('admin.loading') : failed ? t('admin.listFailed') : t('admin.noEntries')}</p>
        ) : (
          <RecordsTable
            caption={`${label} (${shownTotal})`}
            rows={rows}
            columns={columns}
            sort={sort}
            onSort={(s) => {
              setSort(s);
              setPage(1);
            }}
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
        <div className="admin-pager">
          <div className="admin-size">
            <label htmlFor={sizeId}>{t('admin.rowsPerPage')}</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
              {/* A list too long to count is too long to show whole: Export CSV gives all of it. */}
              <option value={0} disabled={capped}>
                {t('admin.fullList')}
              </option>
            </select>
          </div>
          <p className="admin-showing">
            {t('admin.showing', { first, last, total: shownTotal })}
          </p>
          <nav aria-label={t('admin.pages')} className="admin-pages">
            <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('admin.prev')}
            </button>
            <span>{t('admin.pageOf', { page, pages: capped ? t('admin.totalCapped', { n: pages }) : formatCount(pages) })}</span>
            <button type="button" className="btn btn-small" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
              {t('admin.next')}
            </button>
          </nav>
        </div>
      </div>
      {viewing && (
        <RecordDetails
          title={`${info.title}: ${viewing.name}`}
          fields={info.fields}
          record={viewing.row}
          onClose={() => setViewing(null)}
          actions={
            info.editable && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  setViewing(null);
                  openEdit(viewing.row);
                }}
              >
                {t('admin.edit')}
              </button>
            )
          }
        />
      )}
      {(editing ?? fixRow) && (
        <EditModal
          tab={info}
          record={(editing ?? fixRow) as AdminRecord}
          onClose={() => {
            setEditing(null);
            setFixing(null);
          }}
          onSaved={() => {
            setEditing(null);
            setFixing(null);
            refresh();
          }}
        />
      )}
      {detail && (
        <Suspense fallback={null}>
          <RecordDetail tab={info} record={detail} staff={staff} onClose={() => setDetail(null)} onChanged={refresh} />
        </Suspense>
      )}
      {adding && (
        <AddReferrerModal
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      {reviewing && (
        <ReviewModal
          row={reviewing.row}
          mode={reviewing.mode}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            refresh();
          }}
        />
      )}
      {deleting && (
        <DeleteModal
          tab={tab}
          record={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            refresh();
          }}
        />
      )}
    </section>
  );
}
