// The Access log view (/admin?view=access, admins only): who looked at
// personal data, when, with which roles, what and through which route;
// narrowed to one record by its id.
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
  // A page keeps showing the rows before it until its own come.
  const log = useQuery({ queryKey: ['admin', 'access-log', person, page], queryFn: () => fetchAccessLog({ person, page, pageSize: PAGE }), placeholderData: keepPreviousData });
  const data: { rows: AccessEntry[]; total: number } | null = log.isError ? { rows: [], total: 0 } : (log.data ?? null);
  const error = log.isError ? messageOf(log.error, t('admin.dashboardFailed')) : '';
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
