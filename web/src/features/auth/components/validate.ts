// Client-side checks, a courtesy before the server's own (which decide).
export { MIN_PASSWORD, MAX_PASSWORD, passwordRule, passwordProblem } from '@/lib/password-rules';

// The one email check of the web app, the form kit's.
export { isEmail } from '@/components/form/form-kit';

