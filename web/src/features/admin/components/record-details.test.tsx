import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TabField } from '../api/admin';
import { RecordDetails, detailText } from './record-details';

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(cleanup);

const field = (key: string, label: string, extra: Partial<TabField> = {}): TabField => ({
  key, label, kind: 'text', required: false, long: false, editable: false, searchable: true, sortable: false, shown: true, exported: true, ...extra,
});

describe('RecordDetails', () => {
  it('shows every field in full, the reference first, long text whole', () => {
    const long = 'I nursed my mother for twelve years. '.repeat(60).trim();
    const onClose = vi.fn();
    render(
      <RecordDetails
        title="Volunteers: Asha"
        fields={[
          field('fullName', 'Full name'),
          field('experience', 'Experience', { long: true }),
          field('consent', 'Consent', { kind: 'bool' }),
          field('ref', 'Our reference'),
          field('createdAt', 'Created', { kind: 'time' }),
        ]}
        record={{ _id: '1', fullName: 'Asha', experience: long, consent: true, ref: 'V-4K7Q-2M', createdAt: '2026-11-23T14:00:00.000Z' }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Volunteers: Asha' });
    const terms = within(dialog).getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Our reference', 'Full name', 'Experience', 'Consent', 'Created']);
    expect(within(dialog).getByText(long)).toBeInTheDocument();
    expect(within(dialog).getByText('V-4K7Q-2M')).toBeInTheDocument();
    expect(within(dialog).getByText('Yes')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Nov 23, 2026, \d{1,2}:\d{2}/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('writes empty values as a dash and times with their hour', () => {
    expect(detailText(field('t', 'T', { kind: 'timePtr' }), null)).toBe('');
    expect(detailText(field('n', 'N'), 'x')).toBe('x');
    expect(detailText(field('a', 'A', { kind: 'list' }), ['a', 'b'])).toBe('a, b');
  });
});
