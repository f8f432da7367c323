// Preset amounts on the cause page: choosing one highlights it and names it
// on the Donate Now link, which leads to the bank-transfer instructions.
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function AmountPicker({ amounts, suggested }: { amounts: string[]; suggested: string }) {
  const [chosen, setChosen] = useState(suggested);
  return (
    <div className="amount-picker">
      <div role="group" aria-label="Choose an amount" className="amounts">
        {amounts.map((a) => (
          <button key={a} type="button" className="amount" aria-pressed={chosen === a} onClick={() => setChosen(a)}>
            {a}
          </button>
        ))}
      </div>
      <Link className="btn btn-primary" to={paths.donation} state={{ amount: chosen }}>
        Donate Now ({chosen})
      </Link>
    </div>
  );
}
