// The account calls that work without a session: register, log in,
// forgot and reset password.
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

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api<LoginAnswer>('/users/login', { method: 'POST', body: input });
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

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return api('/users/reset-password', { method: 'POST', body: { token, password } });
}
