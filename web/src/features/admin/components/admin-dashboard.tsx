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
import { ApiError, messageOf } from '@/lib/api';
import { useSession } from '@/lib/session';
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
import { DeleteModal } from './delete-modal';
import { EditModal } from './edit-modal';
import { RecordDetails } from './record-details';
import { AddReferrerModal, ReviewModal } from './referrer-modals';
import { RecordsTable } from './records-table';
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

/** The dashboard's views: the records, the site's content and the breaches. */
type View = 'records' | 'content' | 'breaches' | 'assisted';
function Views({ view }: { view: View }) {
  const links: { view: View; to: string; label: string }[] = [
    { view: 'records', to: '/admin', label: 'Records' },
    { view: 'content', to: '/admin?view=content', label: 'Site content' },
    { view: 'breaches', to: '/admin?view=breaches', label: 'Breaches' },
    { view: 'assisted', to: '/admin?view=assisted', label: 'For elders' },
  ];
  return (
    <nav aria-label="Dashboard">
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
  const [params] = useSearchParams();
  if (!user?.isAdmin) return <AccessDenied />;
  if (params.get('view') === 'content') {
    return (
      <section className="page-section admin-page">
        <h1>Site content</h1>
        <Views view="content" />
        <Suspense fallback={<p>Loading…</p>}>
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
        <h1>Breaches</h1>
        <Views view="breaches" />
        <Suspense fallback={<p>Loading…</p>}>
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
  useEffect(() => {
    fetchTabs()
      .then(setTabs)
      .catch((err) => {
        if (err instanceof ApiError && err.status === 403) setTabsDenied(true);
        console.warn('admin tabs failed', err);
        setTabs([]);
      });
  }, []);
  if (tabsDenied) return <AccessDenied />;
  if (!tabs) return <p className="admin-empty">Loading…</p>;
  if (tabs.length === 0) return <p className="admin-empty">The dashboard could not be loaded.</p>;
  return <Tabs tabs={tabs} />;
}

function Tabs({ tabs }: { tabs: TabInfo[] }) {
  const [tab, setTab] = useState<TabId>(tabs[0].name);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
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
  const [filters, setFilters] = useState<Record<string, string>>({});
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

  // The search applies 300 ms after typing stops, from page 1.
  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim();
      setQ((prev) => {
        if (prev !== next) setPage(1);
        return next;
      });
    }, 300);
    return () => clearTimeout(t);
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

  useEffect(() => {
    const ctrl = new AbortController();
    fetchList(tab, { q, page, pageSize, sort, filters, signal: ctrl.signal })
      .then((res) => {
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
  }, [tab, q, page, pageSize, sort, reload, query, filters]);

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
  const { rows, total } = data;

  const info = tabs.find((t) => t.name === tab) ?? tabs[0];
  const columns = useMemo(() => info.fields.filter((f) => f.shown), [info]);
  const pages = pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const first = total === 0 ? 0 : pageSize > 0 ? (page - 1) * pageSize + 1 : 1;
  const last = pageSize > 0 ? Math.min(total, page * pageSize) : total;
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
                <button type="button" className="btn btn-small" aria-label={`Edit ${name}`} onClick={() => openEdit(row)}>
                  Edit
                </button>
              )
            }
            remove={
              info.deletable && (
                <button type="button" className="btn btn-small btn-danger" aria-label={`Delete ${name}`} onClick={() => openDelete(row)}>
                  Delete
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
            aria-label={`Retry mail to ${String(row.to ?? name)}`}
            onClick={async () => {
              try {
                const res = await retryMail(recordId(row));
                toast.success(res?.message || 'The message will be sent again.', TOAST);
                refresh();
              } catch (err) {
                toast.error(messageOf(err, 'Failed to retry the message.'), TOAST);
              }
            }}
          >
            Retry
          </button>
        ) : null;
      }
      return (
        <div className="admin-actions">
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Details of ${name}`}
            onClick={() => (staffed(info) ? setDetail(row) : setViewing({ row, name }))}
          >
            Details
          </button>
          {tab === 'pending-disciples' && row.status === NEEDS_REVIEW ? (
            <>
              <button type="button" className="btn btn-small" aria-label={`Accept confirmation for ${name}`} onClick={() => setReviewing({ row, mode: 'accept' })}>
                Accept
              </button>
              <button type="button" className="btn btn-small" aria-label={`Reject confirmation for ${name}`} onClick={() => setReviewing({ row, mode: 'reject' })}>
                Reject
              </button>
            </>
          ) : tab === 'pending-disciples' ? (
            <button
              type="button"
              className="btn-link"
              aria-label={`Resend confirmation link for ${name}`}
              onClick={async () => {
                try {
                  const res = await resendLink(recordId(row));
                  toast.success(res?.message || 'Confirmation link sent again.', TOAST);
                  refresh();
                } catch (err) {
                  toast.error(messageOf(err, 'Failed to resend the link.'), TOAST);
                }
              }}
            >
              Resend
            </button>
          ) : (
            info.editable && (
              <button type="button" className="btn btn-small" aria-label={`Edit ${name}`} onClick={() => openEdit(row)}>
                Edit
              </button>
            )
          )}
          <button type="button" className="btn btn-small btn-danger" aria-label={`Delete ${name}`} onClick={() => openDelete(row)}>
            Delete
          </button>
        </div>
      );
    };
  }, [tab, info, openEdit, openDelete, refresh]);

  // The gift to fix, once the list searched for its donor has loaded.
  const fixLoaded = fixing !== null && !loading && q === fixing.donor;
  const fixRow = fixLoaded ? rows.find((r) => recordId(r) === fixing.id) : undefined;
  const fixMissing = fixLoaded && !fixRow;

  if (denied) return <AccessDenied />;

  return (
    <section className="page-section admin-page">
      <h1>Admin Dashboard</h1>
      <Views view="records" />
      <div role="tablist" aria-label="Records" className="admin-tabs">
        {tabs.map((t, i) => (
          <button
            key={t.name}
            ref={(el) => {
              tabRefs.current[t.name] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${t.name}`}
            aria-selected={tab === t.name}
            aria-controls="admin-panel"
            aria-describedby={counts[t.name] ? `admin-new-${t.name}` : undefined}
            tabIndex={tab === t.name ? 0 : -1}
            className={tab === t.name ? 'admin-tab active' : 'admin-tab'}
            onClick={() => chooseTab(t.name)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.title}
            {/* Kept out of the tab's name (which tests and screen readers
                use to find it) and read as its description. */}
            {counts[t.name] ? (
              <span id={`admin-new-${t.name}`} className="staff-new" aria-hidden="true">
                {counts[t.name]} new
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="admin-panel">
        <div className="admin-toolbar">
          <div className="admin-search">
            <label htmlFor={searchId}>Search</label>
            <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={200} />
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
          {tab === 'referrers' && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add referrer
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => downloadCsv(tab, q, filters).catch((err) => toast.error(messageOf(err, 'Failed to download CSV.'), TOAST))}
          >
            Download CSV
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
            The gift of {fixing?.donor} is not on this page of the list: find it below and choose Edit.
          </p>
        )}
        <p className="sr-only" aria-live="polite">
          {loading ? 'Loading…' : `${total} ${total === 1 ? 'entry' : 'entries'}`}
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
          <p className="admin-empty">{loading ? 'Loading…' : failed ? 'The list could not be loaded.' : 'No entries found.'}</p>
        ) : (
          <RecordsTable
            caption={`${label} (${total})`}
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
                    label: (row) => `Select ${String(row.fullName ?? row.name ?? recordId(row))}`,
                  }
                : undefined
            }
          />
        )}
        <div className="admin-pager">
          <div className="admin-size">
            <label htmlFor={sizeId}>Rows per page</label>
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
              <option value={0}>Full List</option>
            </select>
          </div>
          <p className="admin-showing">
            Showing {first}-{last} of {total}
          </p>
          <nav aria-label="Pages" className="admin-pages">
            <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Prev
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
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
                Edit
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
