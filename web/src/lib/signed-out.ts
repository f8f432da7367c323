// Why the last session ended, carried from the page that learned it (the
// server's 401 answer, e.g. "You were signed out after 30 minutes without
// activity") to the sign-in page, which shows it once. Session storage:
// it belongs to this tab and goes when the tab closes.
const KEY = 'spdc:signed-out';

export function noteSignedOut(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    /* storage may be off; the sign-in page then shows no reason */
  }
}

export function peekSignedOut(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetSignedOut(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
