import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StaffRoles from './staff-roles';
import { OwnQueries } from '@/lib/query-client';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });

describe('the Staff view', () => {
  it('ticks a role and saves exactly the ticked roles with the version seen', async () => {
    const puts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/admin/staff')) {
        return json([
          { _id: 'a1', fullName: 'Asha Admin', email: 'asha@example.org', roles: ['admin'], __v: 3 },
          { _id: 'c1', fullName: 'Chandra', email: 'chandra@example.org', roles: ['coordinator'], __v: 7 },
        ]);
      }
      if (url.endsWith('/api/admin/staff/c1/roles') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { roles: string[]; __v: number };
        puts.push(body);
        return json({ _id: 'c1', fullName: 'Chandra', email: 'chandra@example.org', roles: body.roles, __v: 8 });
      }
      return json({ message: 'unexpected' }, 500);
    });
    render(<StaffRoles />, { wrapper: OwnQueries });
    const box = await screen.findByRole('group', { name: 'Roles of Chandra' });
    const save = within(box).getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();
    expect(within(box).getByRole('checkbox', { name: 'Coordinator' })).toBeChecked();
    await userEvent.click(within(box).getByRole('checkbox', { name: 'Trustee' }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(puts).toEqual([{ roles: ['coordinator', 'trustee'], __v: 7 }]);
    expect(save).toBeDisabled();
  });

  it('shows the server\'s message when the last admin would lose admin', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/admin/staff')) return json([{ _id: 'a1', fullName: 'Asha Admin', email: 'asha@example.org', roles: ['admin'], __v: 3 }]);
      if (init?.method === 'PUT') return json({ message: 'The last admin cannot lose the admin role. Make someone else an admin first.' }, 409);
      return json({ message: 'unexpected' }, 500);
    });
    render(<StaffRoles />, { wrapper: OwnQueries });
    const box = await screen.findByRole('group', { name: 'Roles of Asha Admin' });
    await userEvent.click(within(box).getByRole('checkbox', { name: 'Admin' }));
    await userEvent.click(within(box).getByRole('button', { name: 'Save roles' }));
    expect(within(box).getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
    expect(within(box).getByRole('button', { name: 'Save roles' })).toBeEnabled();
  });
});
