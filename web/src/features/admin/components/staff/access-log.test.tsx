import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccessLog from './access-log';
import { OwnQueries } from '@/lib/query-client';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (v: unknown, total: number) =>
  new Response(JSON.stringify(v), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) } });

describe('the Access log view', () => {
  it('lists the looks with their roles and narrows them to one record', async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      urls.push(url);
      const line = {
        _id: 'l1', actorId: 'u1', actorEmail: 'chandra@example.org', roles: ['coordinator'], action: 'open',
        entity: 'volunteers', entityId: 'v1', route: 'GET /api/admin/volunteers/v1/notes', createdAt: '2026-11-20T09:00:00Z',
      };
      if (url.includes('person=v2')) return json([], 0);
      return json([line], 1);
    });
    render(<AccessLog />, { wrapper: OwnQueries });
    expect(await screen.findByRole('cell', { name: 'chandra@example.org' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Coordinator' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'volunteers v1' })).toBeVisible();
    expect(urls[0]).toContain('/api/admin/access-log?page=1&pageSize=50');
    await userEvent.type(screen.getByLabelText('Record ID'), 'v2');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No looks recorded.')).toBeVisible();
    expect(urls.at(-1)).toContain('person=v2');
  });
});
