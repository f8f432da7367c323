// What each tab offers a row: a tab the page does not know gets Details,
// Edit and Delete; the Pending, Donations and Mail tabs offer what their
// rows' states allow.
import { describe, expect, it, vi } from 'vitest';
import { NEEDS_REVIEW, type AdminRecord, type TabInfo } from '../../api/admin';
import type { ActionContext } from './actions';
import { loadDeclaration } from './tab-actions';

const ctx = (name: string, editable = true, deletable = true): ActionContext => ({
  tab: { name, title: name, editable, deletable, keyFields: [], fields: [] } satisfies TabInfo,
  staff: [],
  open: vi.fn(),
  refresh: vi.fn(),
  go: vi.fn(),
});

const offered = async (tab: string, row: AdminRecord, c = ctx(tab)) =>
  (await loadDeclaration(tab))
    .actions.filter((a) => !a.when || a.when(row, c))
    .map((a) => a.id);

describe('the tabs declare their actions', () => {
  it('gives a list it does not know Details, Edit and Delete (Edit only when the tab is editable)', async () => {
    expect(await offered('messages', { _id: '1' })).toEqual(['details', 'edit', 'delete']);
    expect(await offered('messages', { _id: '1' }, ctx('messages', false))).toEqual(['details', 'delete']);
  });

  it("opens a care record on the register's own page, and never deletes one", async () => {
    expect(await offered('care', { _id: '1' })).toEqual(['open', 'details', 'edit']);
    const c = ctx('care');
    void (await loadDeclaration('care')).actions[0].select({ _id: 'r 1', fullName: 'Madhavi' }, c);
    expect(c.go).toHaveBeenCalledWith('/admin/care/r%201');
  });

  it('offers a held confirmation Accept and Reject, and a waiting one Resend', async () => {
    expect(await offered('pending-disciples', { _id: '1', status: NEEDS_REVIEW })).toEqual(['details', 'accept', 'reject', 'delete']);
    expect(await offered('pending-disciples', { _id: '1', status: 'awaiting' })).toEqual(['details', 'resend', 'delete']);
  });

  it('offers a reported gift Confirm and Reject, and a receipted one its PDF, Cancel and Reissue but no Delete', async () => {
    expect(await offered('donations', { _id: '1', status: 'reported' })).toEqual(['confirm', 'reject', 'edit', 'delete']);
    const receipted = { _id: '1', status: 'confirmed', receipt: { _id: 'r1', number: 'SPDC/2026-27/000001', status: 'issued' } };
    expect(await offered('donations', receipted)).toEqual(['receipt', 'cancel-receipt', 'reissue', 'edit']);
  });

  it('offers a failed message Retry and nothing else anything, and the audit log nothing', async () => {
    expect(await offered('mail', { _id: '1', status: 'failed' })).toEqual(['retry']);
    expect(await offered('mail', { _id: '1', status: 'sent' })).toEqual([]);
    expect(await offered('audit', { _id: '1' })).toEqual([]);
  });

  it('opens one dialog for Edit, and refuses an admin account with a message instead', async () => {
    const c = ctx('users');
    const edit = (await loadDeclaration('users')).actions.find((a) => a.id === 'edit')!;
    void edit.select({ _id: '1', fullName: 'Asha' }, c);
    expect(c.open).toHaveBeenCalledTimes(1);
    void edit.select({ _id: '2', fullName: 'Admin', isAdmin: true }, c);
    expect(c.open).toHaveBeenCalledTimes(1);
  });
});
