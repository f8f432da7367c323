// The dashboard's table: TanStack Table over a page the server already
// searched, sorted and cut (manual paging and sorting), as a real <table>.
// The columns a tab's work needs come first; on a narrow screen each row
// becomes a card of those columns, each named, with the row's one menu of
// actions (admin.css), and Details shows the rest.
import { useMemo, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
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

function selectionOf(meta: unknown): Selection | undefined {
  return (meta as { selection?: Selection } | undefined)?.selection;
}

export interface Selection {
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  /** The words naming a row for its checkbox ("Select Asha"). */
  label: (row: AdminRecord) => string;
}

export function RecordsTable({ caption, rows, columns, keyFields = [], sort, onSort, actions, selection }: RecordsTableProps) {
  const hasSelection = selection !== undefined;
  const defs = useMemo<ColumnDef<AdminRecord>[]>(() => {
    const cols: ColumnDef<AdminRecord>[] = [];
    if (hasSelection) {
      // The picked rows are read from the table's meta, so that picking a
      // row does not remake the columns: a remade column is a new cell
      // component, and React would remount every cell (closing any dialog
      // an action opened).
      cols.push({
        id: '__select',
        header: (ctx) => {
          const sel = selectionOf(ctx.table.options.meta);
          const ids = ctx.table.getRowModel().rows.map((r) => r.id);
          const all = ids.length > 0 && ids.every((id) => sel?.selected.has(id));
          return (
            <input
              type="checkbox"
              className="staff-select"
              aria-label={t('admin.selectAll')}
              checked={all}
              onChange={(e) => sel?.onToggleAll(e.target.checked)}
            />
          );
        },
        cell: (ctx) => {
          const sel = selectionOf(ctx.table.options.meta);
          return (
            <input
              type="checkbox"
              className="staff-select"
              aria-label={sel?.label(ctx.row.original) ?? t('admin.select')}
              checked={sel?.selected.has(ctx.row.id) ?? false}
              onChange={(e) => sel?.onToggle(ctx.row.id, e.target.checked)}
            />
          );
        },
      });
    }
    cols.push(...columns.map((f): ColumnDef<AdminRecord> => ({
      id: f.key,
      accessorFn: (r) => valueAt(r, f.key),
      header: f.label,
      cell: (ctx) => <Cell field={f.key} value={ctx.getValue()} labels={f.optionLabels} />,
    })));
    if (actions) {
      cols.push({ id: '__actions', header: () => t('admin.actions'), cell: (ctx) => actions(ctx.row.original) });
    }
    return cols;
  }, [columns, actions, hasSelection]);

  // eslint-disable-next-line react-hooks/incompatible-library -- only a note for the React Compiler, which this app does not use
  const table = useReactTable({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId: (r, i) => String(r._id ?? r.id ?? i),
    meta: { selection },
  });

  const labels = useMemo(() => new Map(columns.map((f) => [f.key, f.label])), [columns]);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
    <div className="admin-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const key = h.column.id;
                const dir = sort === key ? 'ascending' : sort === '-' + key ? 'descending' : undefined;
                const label = flexRender(h.column.columnDef.header, h.getContext());
                const sortable = columns.some((f) => f.key === key && f.sortable);
                return (
                  <th key={h.id} scope="col" aria-sort={dir} className={classOf(key, keyFields)}>
                    {sortable ? (
                      <button
                        type="button"
                        className="admin-sort"
                        onClick={() => onSort(sort === key ? '-' + key : sort === '-' + key ? '' : key)}
                      >
                        {label}
                        <span aria-hidden="true">{dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ' ↕'}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((c) => (
                <td key={c.id} className={classOf(c.column.id, keyFields)} data-label={labels.get(c.column.id)}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** classOf marks a column as the row's actions, its selection, one of the
 * tab's key columns, or one of the rest (left off a phone's card). */
function classOf(column: string, keyFields: readonly string[]): string {
  if (column === '__actions') return 'admin-actions-col';
  if (column === '__select') return 'admin-select-col';
  return keyFields.length === 0 || keyFields.includes(column) ? 'admin-key-col' : 'admin-more-col';
}
