// Under a list: how many rows a page shows, which rows these are, and the
// previous and next pages. Past a total the server stopped counting at,
// the pages go on as long as each is full.
import { useId } from 'react';
import { useT } from '@/i18n';
import { PAGE_SIZES, type AdminList } from '../../api/use-admin-list';
import { formatCount } from '../format';

export function ListPager({ list }: { list: AdminList }) {
  const t = useT();
  const sizeId = useId();
  const { page, pageSize } = list;
  const { rows, total, capped } = list.list;
  const shownTotal = capped ? t('admin.totalCapped', { n: total }) : formatCount(total);
  const pages = pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const first = total === 0 ? 0 : pageSize > 0 ? (page - 1) * pageSize + 1 : 1;
  const last = pageSize > 0 ? (capped ? (page - 1) * pageSize + rows.length : Math.min(total, page * pageSize)) : total;
  const hasNext = capped ? rows.length === pageSize : page < pages;
  return (
    <div className="admin-pager">
      <div className="admin-size">
        <label htmlFor={sizeId}>{t('admin.rowsPerPage')}</label>
        <select id={sizeId} value={pageSize} onChange={(e) => list.setPageSize(Number(e.target.value))}>
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
      <p className="admin-showing">{t('admin.showing', { first, last, total: shownTotal })}</p>
      <nav aria-label={t('admin.pages')} className="admin-pages">
        <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => list.setPage(page - 1)}>
          {t('admin.prev')}
        </button>
        <span>{t('admin.pageOf', { page, pages: capped ? t('admin.totalCapped', { n: pages }) : formatCount(pages) })}</span>
        <button type="button" className="btn btn-small" disabled={!hasNext} onClick={() => list.setPage(page + 1)}>
          {t('admin.next')}
        </button>
      </nav>
    </div>
  );
}
