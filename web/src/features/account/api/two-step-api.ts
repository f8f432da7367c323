// A member of staff's two-step sign-in (/api/users/me/two-step…).
import { api } from '@/lib/api';

export interface TwoStepStatus {
  enabled: boolean;
  /** required: the person's role needs it to open the dashboard. */
  required: boolean;
  recoveryCodesLeft: number;
}

export interface TwoStepSetup {
  /** secret is the key typed into the app when the QR code cannot be scanned. */
  secret: string;
  otpauthUrl: string;
}

export function getTwoStep(signal?: AbortSignal): Promise<TwoStepStatus> {
  return api<TwoStepStatus>('/users/me/two-step', { signal });
}

/** setupTwoStep makes a new secret for the app; it is on after confirmTwoStep. */
export function setupTwoStep(): Promise<TwoStepSetup> {
  return api<TwoStepSetup>('/users/me/two-step/setup', { method: 'POST', body: {} });
}

/** confirmTwoStep turns it on with the app's first code and returns the recovery codes, shown once. */
export function confirmTwoStep(code: string): Promise<{ message: string; recoveryCodes: string[] }> {
  return api('/users/me/two-step/confirm', { method: 'POST', body: { code } });
}

/** newRecoveryCodes replaces the recovery codes, with a current code. */
export function newRecoveryCodes(code: string): Promise<{ message: string; recoveryCodes: string[] }> {
  return api('/users/me/two-step/recovery-codes', { method: 'POST', body: { code } });
}

/** disableTwoStep turns it off, with a current code. */
export function disableTwoStep(code: string): Promise<{ message: string }> {
  return api('/users/me/two-step/disable', { method: 'POST', body: { code } });
}
