// The SPDC mark: a lamp flame held in two cupped hands, drawn for the site.
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#7a3b10" />
      <path d="M24 9c4 5 5 8 5 11a5 5 0 0 1-10 0c0-3 1-6 5-11z" fill="#ffd27a" />
      <path d="M24 14c2 3 2.5 4.5 2.5 6a2.5 2.5 0 0 1-5 0c0-1.5.5-3 2.5-6z" fill="#fff4d6" />
      <path d="M9 26c3 0 6 2 8 5l3 4c1 1.5 2.5 2 4 2s3-.5 4-2l3-4c2-3 5-5 8-5-1 8-7 14-15 14S10 34 9 26z" fill="#ffe8c2" />
    </svg>
  );
}
