// The signed-in user's own account calls.
import { api } from '@/lib/api';

export interface Account {
  _id: string;
  fullName: string;
  email: string;
  mobile: string;
  address: string;
  createdAt: string;
  updatedAt?: string;
  isAdmin: boolean;
  /** emailVerified is whether the account has proved it owns its address:
   * until then only what it sent while signed in reaches it. */
  emailVerified: boolean;
  /** roles are the person's staff roles (none for everyone else). */
  roles?: string[];
  __v: number;
}

export function getMe(signal?: AbortSignal): Promise<Account> {
  return api<Account>('/users/me', { signal });
}

export interface ProfileInput {
  fullName: string;
  mobile: string;
  address: string;
  __v: number;
}

export function updateMe(input: ProfileInput): Promise<Account> {
  return api<Account>('/users/me', { method: 'PUT', body: input });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<{ message: string }> {
  return api('/users/change-password', { method: 'POST', body: { currentPassword, newPassword } });
}

/** sendVerification mails a new link that confirms the account's address. */
export function sendVerification(): Promise<{ message: string; emailVerified: boolean }> {
  return api('/users/me/verify-email', { method: 'POST' });
}
