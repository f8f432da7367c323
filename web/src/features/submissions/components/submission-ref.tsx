// A submission's reference as My Account shows it: large enough to read
// out on the phone, each group of characters kept together.
export function SubmissionRef({ reference }: { reference?: string }) {
  if (!reference) return null;
  return (
    <div className="subs-ref">
      Reference: <strong>{reference}</strong>
    </div>
  );
}
