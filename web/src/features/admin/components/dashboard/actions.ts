// The shapes of what a dashboard tab declares: a row's actions, the tools
// above its list, and what each may use (its tab, the admins, the one
// dialog place, the list read again).
import type { ReactNode } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { recordId, type AdminRecord, type TabInfo } from '../../api/admin';
import type { StaffMember } from '../../api/staff';

export const TOAST = { position: 'top-center', duration: 2000 } as const;

/** A dialog the dashboard shows in its one modal place: close leaves
 * things as they were, done also reads the list again. */
export type DialogRender = (close: () => void, done: () => void) => ReactNode;

/** ActionContext is what an action may use: its tab, the admins, a way
 * to open a dialog, and a way to read the list again. */
export interface ActionContext {
  tab: TabInfo;
  staff: StaffMember[];
  open: (dialog: DialogRender) => void;
  refresh: () => void;
  /** go opens another page of the site (a care record's own page). */
  go: (to: string) => void;
}

/** RowAction is one action of a row's menu. */
export interface RowAction {
  id: string;
  /** The words on its button. */
  text: () => string;
  /** Its button's name, naming the row (who: the row's name). */
  name: (who: string, row: AdminRecord) => string;
  /** Whether the row offers it (every row when left out). */
  when?: (row: AdminRecord, ctx: ActionContext) => boolean;
  danger?: boolean;
  select: (row: AdminRecord, ctx: ActionContext) => void | Promise<void>;
}

/** ToolContext is what a tab's tools above the list may use. */
export interface ToolContext extends ActionContext {
  /** fixGift searches for a donor and opens their gift for editing. */
  fixGift: (id: string, donor: string) => void;
  /** filters are the list's filters, sent as they are to the server. */
  filters: Record<string, string>;
  setFilters: (next: Record<string, string>) => void;
}

/** TabDeclaration is what a tab offers besides its list. */
export interface TabDeclaration {
  actions: RowAction[];
  /** tools are buttons beside the search (Add referrer). */
  tools?: (ctx: ToolContext) => ReactNode;
  /** above is shown between the search and the list (the bank import). */
  above?: (ctx: ToolContext) => ReactNode;
}

/** rowName is the words naming a row in its buttons' names. */
export function rowName(row: AdminRecord): string {
  return String(row.fullName ?? row.name ?? row.subject ?? row.to ?? row.donorName ?? recordId(row));
}

/** runToast runs a call, showing its answer or its failure. */
export async function runToast(call: () => Promise<{ message?: string } | undefined>, ok: string, failed: string, then: () => void) {
  try {
    const res = await call();
    toast.success(res?.message || ok, TOAST);
    then();
  } catch (err) {
    toast.error(messageOf(err, failed), TOAST);
  }
}

