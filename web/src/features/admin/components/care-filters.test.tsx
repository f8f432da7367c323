import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TabInfo } from '../api/admin';
import { CareFilters } from './care-filters';

afterEach(cleanup);

const tab: TabInfo = {
  name: 'care',
  title: 'Care',
  editable: true,
  deletable: false,
  fields: [
    { key: 'status', label: 'Status', kind: 'text', required: false, format: 'option', options: ['active', 'paused', 'closed'], optionLabels: { active: 'Active', paused: 'Paused', closed: 'Closed' }, long: false, editable: true, searchable: false, sortable: true, shown: true, exported: true },
  ],
};

describe("the Care tab's filters", () => {
  it("narrow the list to a coordinator's own elders overdue for a contact", async () => {
    const onFilters = vi.fn();
    const { rerender } = render(<CareFilters tab={tab} staff={[{ _id: 'u2', fullName: 'Other Coordinator', email: 'o@example.org' }]} filters={{}} onFilters={onFilters} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Coordinator'), 'me');
    expect(onFilters).toHaveBeenLastCalledWith({ owner: 'me' });
    rerender(<CareFilters tab={tab} staff={[]} filters={{ owner: 'me' }} onFilters={onFilters} />);
    await user.selectOptions(screen.getByLabelText('Due'), 'contact');
    expect(onFilters).toHaveBeenLastCalledWith({ owner: 'me', due: 'contact' });
    expect(screen.getByRole('option', { name: 'Overdue for a contact' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Reassessment due' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'paused');
    expect(onFilters).toHaveBeenLastCalledWith({ owner: 'me', status: 'paused' });
  });
});
