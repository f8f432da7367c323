// A fundraising progress bar with its figures in words.
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

export function Progress({ raised, goal, label }: { raised: number; goal: number; label: string }) {
  const pct = Math.min(100, Math.round((raised / goal) * 100));
  return (
    <div className="progress">
      <div className="progress-track" role="progressbar" aria-label={`Raised for ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct} percent`}>
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="progress-text">
        <strong>{pct}%</strong> raised: {inr.format(raised)} of {inr.format(goal)}
      </p>
    </div>
  );
}
