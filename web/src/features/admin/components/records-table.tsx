// The dashboard's table: TanStack Table over a page the server already
// searched, sorted and cut (manual paging and sorting), as a real <table>.
import { useMemo, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { valueAt, type AdminRecord, type TabField } from '../api/admin';
import { Cell } from './cell';

export interface RecordsTableProps {
  caption: string;
  rows: AdminRecord[];
  /** The tab's shown fields, in order: heading, sortability, value. */
  columns: TabField[];
  sort: string;
  onSort: (sort: string) => void;
  actions?: (row: AdminRecord) => ReactNode;
}

export function RecordsTable({ caption, rows, columns, sort, onSort, actions }: RecordsTableProps) {
  const defs = useMemo<ColumnDef<AdminRecord>[]>(() => {
    const cols: ColumnDef<AdminRecord>[] = columns.map((f) => ({
      id: f.key,
      accessorFn: (r) => valueAt(r, f.key),
      header: f.label,
      cell: (ctx) => <Cell field={f.key} value={ctx.getValue()} />,
    }));
    if (actions) {
      cols.push({ id: '__actions', header: 'Actions', cell: (ctx) => actions(ctx.row.original) });
    }
    return cols;
  }, [columns, actions]);

  // eslint-disable-next-line react-hooks/incompatible-library -- only a note for the React Compiler, which this app does not use
  const table = useReactTable({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId: (r, i) => String(r._id ?? r.id ?? i),
  });

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
                  <th key={h.id} scope="col" aria-sort={dir} className={key === '__actions' ? 'admin-actions-col' : undefined}>
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
                <td key={c.id} className={c.column.id === '__actions' ? 'admin-actions-col' : undefined}>
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
