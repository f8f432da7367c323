// The dashboard's table: a page the server already searched, sorted and
// cut, drawn as a real <table> straight from the tab's columns. Sorting and
// paging happen on the server, so the table keeps no model of its own: a
// table library would only map rows to cells here, and it was most of the
// weight and the start-up work of the dashboard's first screen.
// The columns a tab's work needs come first; on a narrow screen each row
// becomes a card of those columns, each named, with the row's one menu of
// actions (admin.css), and Details shows the rest.
import type { ReactNode } from 'react';
import { valueAt, type AdminRecord, type TabField } from '../api/admin';
import { Cell } from './cell';
import { t } from '@/i18n';

export interface RecordsTableProps {
  caption: string;
  rows: AdminRecord[];
  /** The tab's shown fields, in order: heading, sortability, value. */
  columns: TabField[];
  /** The keys of the columns the tab's work needs: a phone's card shows only these. */
  keyFields?: readonly string[];
  sort: string;
  onSort: (sort: string) => void;
  actions?: (row: AdminRecord) => ReactNode;
  /** Rows may be picked for a bulk action: a checkbox first in each row. */
  selection?: Selection;
}

export interface Selection {
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  /** The words naming a row for its checkbox ("Select Asha"). */
  label: (row: AdminRecord) => string;
}

const SELECT = '__select';
const ACTIONS = '__actions';

/** rowKey names a row for React and for the selection: its id, or its place. */
function rowKey(r: AdminRecord, i: number): string {
  return String(r._id ?? r.id ?? i);
}

export function RecordsTable({ caption, rows, columns, keyFields = [], sort, onSort, actions, selection }: RecordsTableProps) {
  const ids = rows.map(rowKey);
  const allPicked = ids.length > 0 && ids.every((id) => selection?.selected.has(id));
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
    <div className="admin-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={classOf(SELECT, keyFields)}>
                <input
                  type="checkbox"
                  className="staff-select"
                  aria-label={t('admin.selectAll')}
                  checked={allPicked}
                  onChange={(e) => selection.onToggleAll(e.target.checked)}
                />
              </th>
            )}
            {columns.map((f) => {
              const dir = sort === f.key ? 'ascending' : sort === '-' + f.key ? 'descending' : undefined;
              return (
                <th key={f.key} scope="col" aria-sort={dir} className={classOf(f.key, keyFields)}>
                  {f.sortable ? (
                    <button
                      type="button"
                      className="admin-sort"
                      onClick={() => onSort(sort === f.key ? '-' + f.key : sort === '-' + f.key ? '' : f.key)}
                    >
                      {f.label}
                      <span aria-hidden="true">{dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ' ↕'}</span>
                    </button>
                  ) : (
                    f.label
                  )}
                </th>
              );
            })}
            {actions && (
              <th scope="col" className={classOf(ACTIONS, keyFields)}>
                {t('admin.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const id = ids[i];
            return (
              <tr key={id}>
                {selection && (
                  <td className={classOf(SELECT, keyFields)}>
                    <input
                      type="checkbox"
                      className="staff-select"
                      aria-label={selection.label(row)}
                      checked={selection.selected.has(id)}
                      onChange={(e) => selection.onToggle(id, e.target.checked)}
                    />
                  </td>
                )}
                {columns.map((f) => (
                  <td key={f.key} className={classOf(f.key, keyFields)} data-label={f.label}>
                    <Cell field={f.key} value={valueAt(row, f.key)} labels={f.optionLabels} />
                  </td>
                ))}
                {actions && <td className={classOf(ACTIONS, keyFields)}>{actions(row)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** classOf marks a column as the row's actions, its selection, one of the
 * tab's key columns, or one of the rest (left off a phone's card). */
function classOf(column: string, keyFields: readonly string[]): string {
  if (column === ACTIONS) return 'admin-actions-col';
  if (column === SELECT) return 'admin-select-col';
  return keyFields.length === 0 || keyFields.includes(column) ? 'admin-key-col' : 'admin-more-col';
}
