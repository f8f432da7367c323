// What a form's "on behalf of an elder" part holds while the page is open,
// per form, and who listens to it: the form (on-behalf.tsx) sends it, and
// the helper's part (on-behalf-fields.tsx) shows and changes it.
import { useSyncExternalStore } from 'react';

export type AssistedForm = 'disciple' | 'host' | 'contact' | 'donation';

/** OnBehalfState is what the helper has answered, and the server's
 * messages about it. */
export interface OnBehalfState {
  on: boolean;
  consentMethod: string;
  witnessName: string;
  witnessContact: string;
  noticeLanguage: string;
  errors: Record<string, string>;
}

export const EMPTY: OnBehalfState = { on: false, consentMethod: '', witnessName: '', witnessContact: '', noticeLanguage: '', errors: {} };

// What each form's part holds, and who listens to it.
const states = new Map<AssistedForm, OnBehalfState>();
const listeners = new Set<() => void>();

export function stateOf(form: AssistedForm): OnBehalfState {
  return states.get(form) ?? EMPTY;
}

export function setState(form: AssistedForm, next: Partial<OnBehalfState>) {
  states.set(form, { ...stateOf(form), ...next });
  listeners.forEach((l) => l());
}

export function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** useOnBehalf is a form's part as answered so far, and how to change it. */
export function useOnBehalf(form: AssistedForm): [OnBehalfState, (next: Partial<OnBehalfState>) => void] {
  const s = useSyncExternalStore(subscribe, () => stateOf(form), () => EMPTY);
  return [s, (next) => setState(form, next)];
}

