import { describe, expect, it, vi } from 'vitest';
import { fetchList, type TabField, type TabInfo } from './admin';
import { staffed, statusField } from './staff';

const field = (key: string, extra: Partial<TabField> = {}): TabField => ({
  key,
  label: key,
  kind: 'text',
  required: false,
  long: false,
  editable: false,
  searchable: false,
  sortable: false,
  shown: true,
  exported: true,
  ...extra,
});

const tab = (name: string, fields: TabField[]): TabInfo => ({ name, title: name, editable: true, deletable: true, fields });

describe('the staff fields of a tab', () => {
  it('finds the status a volunteer moves through and the owner', () => {
    const t = tab('volunteers', [field('fullName'), field('status', { editable: true, format: 'option', options: ['new', 'contacted'] }), field('assigneeId')]);
    expect(statusField(t)?.options).toEqual(['new', 'contacted']);
    expect(staffed(t)).toBe(true);
  });

  it('takes the follow-up of a disciple, not its confirmation state', () => {
    const t = tab('disciples', [field('status'), field('followUp', { editable: true, format: 'option', options: ['new', 'closed'] }), field('assigneeId')]);
    expect(statusField(t)?.key).toBe('followUp');
  });

  it('leaves tabs without an owner alone (the mail status is not a staff status)', () => {
    const t = tab('mail', [field('status', { format: 'option', options: ['pending', 'sent', 'failed'] })]);
    expect(staffed(t)).toBe(false);
    expect(statusField(t)).toBeUndefined();
  });
});

describe('the staff filters of a list', () => {
  it('are sent as query parameters, empty ones left out', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0' } }));
    await fetchList('volunteers', { q: '', page: 1, pageSize: 5, filters: { status: 'new', assigneeId: 'me', followUp: '' } });
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', pageSize: '5', status: 'new', assigneeId: 'me' });
    spy.mockRestore();
  });
});
