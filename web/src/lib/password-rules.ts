// The password rules the server applies, checked in the browser before a
// form is sent (a courtesy: the server decides). The list of common
// passwords stays on the server, to keep the forms' code small; its answer
// is shown under the field like any other.
export const MIN_PASSWORD = 10;
export const MIN_ADMIN_PASSWORD = 12;
export const MAX_PASSWORD = 1024;

/** The rule in words, for a password field's hint. */
export const PASSWORD_RULE = 'At least 10 characters (12 for an admin), and not a common password like "password123". A few unrelated words make a good one.';

/** passwordProblem returns what is wrong with a new password, or ''. */
export function passwordProblem(v: string, admin = false): string {
  const min = admin ? MIN_ADMIN_PASSWORD : MIN_PASSWORD;
  const n = [...v].length;
  if (!v) return 'Please enter a password.';
  if (!v.trim()) return 'The password cannot be only spaces.';
  if (n < min) return `Use at least ${min} characters${admin ? ' for an admin account' : ''}.`;
  if (n > MAX_PASSWORD) return `Use at most ${MAX_PASSWORD} characters.`;
  return '';
}
