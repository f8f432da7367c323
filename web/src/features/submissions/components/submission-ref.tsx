// A submission's reference as My Account shows it: large enough to read
// out on the phone, each group of characters kept together.
import { tn } from '@/i18n';

export function SubmissionRef({ reference }: { reference?: string }) {
  if (!reference) return null;
  return (
    <div className="subs-ref">{tn('subs.reference', { reference }, { b: (c) => <strong>{c}</strong> })}</div>
  );
}
