// The account calls that work without a session: register, log in,
// forgot and reset password, and the first admin's setup link.
import { api } from '@/lib/api';
import type { SessionUser } from '@/lib/session';

export interface LoginInput {
  identifier: string;
  password: string;
  remember: boolean;
}

export interface LoginAnswer {
  token: string;
  user: SessionUser;
}

/** TwoStepAnswer is the sign-in answer of an account with two-step
 * sign-in: no session yet, a challenge that the code finishes. */
export interface TwoStepAnswer {
  twoStep: true;
  challenge: string;
  expiresAt: string;
  message: string;
}

export function login(input: LoginInput): Promise<LoginAnswer | TwoStepAnswer> {
  return api<LoginAnswer | TwoStepAnswer>('/users/login', { method: 'POST', body: input });
}

/** loginTwoStep finishes a sign-in with a code from the app or a recovery code. */
export function loginTwoStep(challenge: string, code: string): Promise<LoginAnswer> {
  return api<LoginAnswer>('/users/login/two-step', { method: 'POST', body: { challenge, code } });
}

export interface RegisterInput {
  fullName: string;
  email: string;
  mobile: string;
  password: string;
}

export function register(input: RegisterInput): Promise<{ message: string; user: SessionUser }> {
  return api('/users/register', { method: 'POST', body: input });
}

export function forgotPassword(email: string): Promise<{ message: string }> {
  return api('/users/forgot-password', { method: 'POST', body: { email } });
}

/** verifyEmail uses a link that confirms an account's address. */
export function verifyEmail(token: string): Promise<{ message: string; emailVerified: boolean }> {
  return api('/users/verify-email', { method: 'POST', body: { token } });
}

/** checkResetLink asks whether a reset link still works; it changes nothing. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<{ valid: boolean; expiresAt: string }> {
  return api(`/users/reset-password/${encodeURIComponent(token)}`, { signal });
}

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return api('/users/reset-password', { method: 'POST', body: { token, password } });
}

/** setupLink asks whether a first-admin setup link still works. */
export function setupLink(token: string): Promise<{ valid: boolean; expiresAt: string }> {
  return api(`/setup/${encodeURIComponent(token)}`);
}

export interface SetupInput {
  fullName: string;
  email: string;
  password: string;
}

/** createFirstAdmin uses a setup link to create the first admin, who is then signed in. */
export function createFirstAdmin(token: string, input: SetupInput): Promise<LoginAnswer & { message: string }> {
  return api(`/setup/${encodeURIComponent(token)}`, { method: 'POST', body: input });
}
