// Drafts: what a person types in a form is kept in this browser
// (localStorage, one entry per form) so that a reload, a closed tab or a
// dropped connection loses nothing. Passwords and other secrets are never
// kept; a draft is forgotten after 7 days, on sign-out, when the person
// clears the form, and once the form is sent.

const PREFIX = 'spdc:draft:';

/** MAX_AGE_MS is how long a draft is kept: 7 days. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** SECRET_KEY matches the names of fields never written down. */
const SECRET_KEY = /password|secret|token|^website$/i;

export interface Draft<T> {
  /** savedAt is when the draft was last written, in ms since the epoch. */
  savedAt: number;
  values: Partial<T>;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** keepable is values without the secret fields (by name, or listed). */
export function keepable<T extends object>(values: T, secret: readonly string[] = []): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values)) {
    if (SECRET_KEY.test(k) || secret.includes(k)) continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

function isBlank(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  return v === false || v === null || v === undefined;
}

/** saveDraft writes the form's values (without secrets); a form with
 * nothing typed in it has no draft. */
export function saveDraft<T extends object>(form: string, values: T, secret: readonly string[] = [], now = Date.now()): void {
  const s = storage();
  if (!s) return;
  const kept = keepable(values, secret);
  if (Object.values(kept).every(isBlank)) {
    s.removeItem(PREFIX + form);
    return;
  }
  try {
    s.setItem(PREFIX + form, JSON.stringify({ savedAt: now, values: kept } satisfies Draft<T>));
  } catch {
    /* a full or refused storage: the form still works, without a draft */
  }
}

/** loadDraft reads a form's draft, or null when there is none or it is
 * older than 7 days (then it is removed). */
export function loadDraft<T>(form: string, now = Date.now()): Draft<T> | null {
  const s = storage();
  if (!s) return null;
  const raw = s.getItem(PREFIX + form);
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Draft<T>;
    if (typeof d?.savedAt === 'number' && d.values && typeof d.values === 'object' && now - d.savedAt <= MAX_AGE_MS && d.savedAt <= now + 60_000) {
      return d;
    }
  } catch {
    /* unreadable: dropped below */
  }
  s.removeItem(PREFIX + form);
  return null;
}

/** clearDraft forgets one form's draft. */
export function clearDraft(form: string): void {
  storage()?.removeItem(PREFIX + form);
}

/** clearAllDrafts forgets every draft (on sign-out, so the next person
 * at this computer does not see them). */
export function clearAllDrafts(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}

/** pruneDrafts removes every draft older than 7 days. */
export function pruneDrafts(now = Date.now()): void {
  const s = storage();
  if (!s) return;
  const forms: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) forms.push(k.slice(PREFIX.length));
  }
  for (const f of forms) loadDraft(f, now);
}
