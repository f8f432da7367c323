import { describe, expect, it } from 'vitest';
import { placeParams, readPlace } from './dashboard-url';

const tabs = ['users', 'volunteers', 'donations'];

describe('the dashboard in its address', () => {
  it('reads the tab, search, page and filters back as written', () => {
    const place = { tab: 'donations', q: 'Radha Devi', page: 3, filters: { status: 'reported', assigneeId: 'a1' } };
    const params = placeParams(place, 'users');
    expect(params.toString()).toBe('tab=donations&q=Radha+Devi&page=3&f.assigneeId=a1&f.status=reported');
    expect(readPlace(params, tabs)).toEqual(place);
  });
  it('leaves the start out of the address', () => {
    expect(placeParams({ tab: 'users', q: '', page: 1, filters: { status: '' } }, 'users').toString()).toBe('');
  });
  it('falls back to the start for what it cannot use', () => {
    expect(readPlace(new URLSearchParams('tab=secrets&page=-2&f.=x&f.status='), tabs)).toEqual({ tab: 'users', q: '', page: 1, filters: {} });
    expect(readPlace(new URLSearchParams('page=2.5'), tabs).page).toBe(1);
  });
});
