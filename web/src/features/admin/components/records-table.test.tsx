import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TabField } from '../api/admin';
import { RecordsTable } from './records-table';

afterEach(cleanup);

const field = (key: string, label: string, extra: Partial<TabField> = {}): TabField => ({
  key, label, kind: 'text', required: false, long: false, editable: false, searchable: true, sortable: false, shown: true, exported: true, ...extra,
});

const columns = [
  field('fullName', 'Full name', { sortable: true }),
  field('email', 'Email', { sortable: true }),
  field('status', 'Status', { options: ['new', 'done'], optionLabels: { new: 'New', done: 'Done' } }),
  field('address.city', 'City'),
];
const rows = [
  { _id: 'a1', fullName: 'Asha', email: 'asha@example.test', status: 'new', address: { city: 'Pune' } },
  { _id: 'b2', fullName: 'Bela', email: 'bela@example.test', status: 'done', address: { city: 'Puri' } },
];

describe('RecordsTable', () => {
  it('shows each row’s values under named columns, the key columns marked for a phone’s card', () => {
    render(<RecordsTable caption="Volunteers (2)" rows={rows} columns={columns} keyFields={['fullName', 'status']} sort="" onSort={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Volunteers (2)' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Full name ↕', 'Email ↕', 'Status', 'City']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Asha', 'asha@example.test', 'New', 'Pune'],
      ['Bela', 'bela@example.test', 'Done', 'Puri'],
    ]);
    const cells = within(body[0]).getAllByRole('cell');
    expect(cells.map((c) => [c.className, c.getAttribute('data-label')])).toEqual([
      ['admin-key-col', 'Full name'],
      ['admin-more-col', 'Email'],
      ['admin-key-col', 'Status'],
      ['admin-more-col', 'City'],
    ]);
  });

  it('says how the list is sorted and asks the server for the next order', () => {
    const onSort = vi.fn();
    const { rerender } = render(<RecordsTable caption="Volunteers" rows={rows} columns={columns} sort="fullName" onSort={onSort} />);
    const name = screen.getByRole('columnheader', { name: /Full name/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Email/ })).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(name).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('-fullName');
    rerender(<RecordsTable caption="Volunteers" rows={rows} columns={columns} sort="-fullName" onSort={onSort} />);
    expect(screen.getByRole('columnheader', { name: /Full name/ })).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByRole('button', { name: /Full name/ }));
    expect(onSort).toHaveBeenLastCalledWith('');
    fireEvent.click(screen.getByRole('button', { name: /Email/ }));
    expect(onSort).toHaveBeenLastCalledWith('email');
  });

  it('puts a checkbox first in each row and the row’s actions last', () => {
    const onToggle = vi.fn();
    const onToggleAll = vi.fn();
    const selection = { selected: new Set(['b2']), onToggle, onToggleAll, label: (r: { fullName?: unknown }) => `Select ${String(r.fullName)}` };
    render(
      <RecordsTable
        caption="Volunteers"
        rows={rows}
        columns={columns}
        sort=""
        onSort={() => undefined}
        selection={selection}
        actions={(r) => <button type="button">Actions for {String(r.fullName)}</button>}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0]).toHaveClass('admin-select-col');
    expect(headers.at(-1)).toHaveTextContent('Actions');
    expect(headers.at(-1)).toHaveClass('admin-actions-col');
    expect(screen.getByRole('checkbox', { name: 'Select Asha' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Bela' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select every row on this page' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Asha' }));
    expect(onToggle).toHaveBeenCalledWith('a1', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(onToggleAll).toHaveBeenCalledWith(true);
    const last = screen.getAllByRole('row')[2];
    expect(within(last).getAllByRole('cell').at(-1)).toContainElement(screen.getByRole('button', { name: 'Actions for Bela' }));
  });
});
