// The Access log view (/admin?view=access, admins only): who looked at
// personal data, when, with which roles, what and through which route;
// narrowed to one record by its id.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { fetchAccessLog, type AccessEntry } from '../../api/access';
import { formatWhen } from '../format';
import './staff-roles.css';

const PAGE = 50;

export default function AccessLog() {
  const t = useT();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [person, setPerson] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: AccessEntry[]; total: number } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    fetchAccessLog({ person, page, pageSize: PAGE }).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError('');
      },
      (err) => {
        if (!live) return;
        setData({ rows: [], total: 0 });
        setError(messageOf(err, t('admin.dashboardFailed')));
      },
    );
    return () => {
      live = false;
    };
  }, [person, page, t]);
  function filter(e: FormEvent) {
    e.preventDefault();
    setPerson(draft.trim());
    setPage(1);
  }
  const last = data ? Math.max(1, Math.ceil(data.total / PAGE)) : 1;
  return (
    <>
      <p>{t('admin.accessHint')}</p>
      <form className="access-filter" onSubmit={filter}>
        <label htmlFor={inputId}>{t('admin.accessPerson')}</label>
        <input id={inputId} value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={24} spellCheck={false} />
        <button type="submit" className="btn btn-outline">
          {t('admin.accessFilter')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {!data && <p className="admin-empty">{t('admin.loading')}</p>}
      {data && data.rows.length === 0 && !error && <p className="admin-empty">{t('admin.accessNone')}</p>}
      {data && data.rows.length > 0 && (
        <div className="access-table">
          <table>
            <caption className="sr-only">{t('admin.accessLog')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.accessWhen')}</th>
                <th scope="col">{t('admin.accessWho')}</th>
                <th scope="col">{t('admin.accessRoles')}</th>
                <th scope="col">{t('admin.accessAction')}</th>
                <th scope="col">{t('admin.accessWhat')}</th>
                <th scope="col">{t('admin.accessRoute')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r._id}>
                  <td>{formatWhen(r.createdAt)}</td>
                  <td>{r.actorEmail}</td>
                  <td>{r.roles.map((x) => t(`admin.role.${x}`)).join(', ')}</td>
                  <td>{r.actionLabel ?? r.action}</td>
                  <td>{r.entityId ? `${r.entityLabel ?? r.entity} ${r.entityId}` : (r.entityLabel ?? r.entity)}</td>
                  <td className="access-route">{r.route}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > PAGE && (
        <div className="access-pages">
          <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('admin.prev')}
          </button>
          <span>
            {page} / {last}
          </span>
          <button type="button" className="btn btn-outline" disabled={page >= last} onClick={() => setPage((p) => p + 1)}>
            {t('admin.next')}
          </button>
        </div>
      )}
    </>
  );
}
