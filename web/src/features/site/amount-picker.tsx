// Preset amounts on the cause page: choosing one highlights it and names it
// on the Donate Now link, which leads to the bank-transfer instructions.
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';

/** The amounts a donor may choose, in rupees; the suggestion is chosen first. */
const amounts = ['₹500', '₹1,000', '₹2,500', '₹5,000', '₹10,000'];
const suggested = '₹2,500';

export function AmountPicker() {
  const t = useT();
  const [chosen, setChosen] = useState(suggested);
  return (
    <div className="amount-picker">
      <div role="group" aria-label={t('amount.choose')} className="amounts">
        {amounts.map((a) => (
          <button key={a} type="button" className="amount" aria-pressed={chosen === a} onClick={() => setChosen(a)}>
            {a}
          </button>
        ))}
      </div>
      <Link className="btn btn-primary" to={paths.donation} state={{ amount: chosen }}>
        {t('amount.donateNow', { amount: chosen })}
      </Link>
    </div>
  );
}
