// Client-side checks, a courtesy before the server's own (which decide).
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 1024;

const EMAIL_RE = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/;

export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v.trim());
}

/** passwordProblem returns what is wrong with a new password, or ''. */
export function passwordProblem(v: string): string {
  if (!v) return 'Please enter a password.';
  if ([...v].length < MIN_PASSWORD) return `Use at least ${MIN_PASSWORD} characters.`;
  if ([...v].length > MAX_PASSWORD) return `Use at most ${MAX_PASSWORD} characters.`;
  if (!v.trim()) return 'The password cannot be only spaces.';
  return '';
}

/** serverFieldText turns the server's short field error ("is required")
 * into a sentence with the field's label. */
export function serverFieldText(label: string, msg: string): string {
  if (!msg) return '';
  return /^[a-z]/.test(msg) ? `${label} ${msg}.` : msg;
}
