// Client-side checks, a courtesy before the server's own (which decide).
export { MIN_PASSWORD, MAX_PASSWORD, PASSWORD_RULE, passwordProblem } from '@/lib/password-rules';

// The one email check of the web app, the form kit's.
export { isEmail } from '@/components/form/form-kit';

/** serverFieldText turns the server's short field error ("is required")
 * into a sentence with the field's label. */
export function serverFieldText(label: string, msg: string): string {
  if (!msg) return '';
  return /^[a-z]/.test(msg) ? `${label} ${msg}.` : msg;
}
