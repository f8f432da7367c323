// A single choice as a group of large radio buttons: every option visible at
// once, which is easier than a dropdown on a phone or with a shaky hand. It
// follows the form kit's conventions: a legend, the hint and the error tied
// to the group, ids `${id}-0`, `${id}-1`… so the first error can be focused.
import type { ReactNode } from 'react';
import { FieldError, RequiredMark, describedBy } from './field-parts';

export interface Choice {
  value: string;
  label: ReactNode;
}

interface RadioGroupProps {
  id: string;
  legend: string;
  name: string;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

export function RadioGroup({ id, legend, name, options, value, onChange, error, hint, required }: RadioGroupProps) {
  const described = describedBy(id, error, hint);
  return (
    <fieldset role="radiogroup" className="form-group" aria-describedby={described} aria-invalid={error ? true : undefined} aria-required={required || undefined}>
      <legend>
        {legend}
        <RequiredMark required={required} />
      </legend>
      {hint ? (
        <div id={`${id}-hint`} className="form-hint">
          {hint}
        </div>
      ) : null}
      {options.map((o, i) => (
        <label key={o.value} className="form-check" htmlFor={`${id}-${i}`}>
          <input
            id={`${id}-${i}`}
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
