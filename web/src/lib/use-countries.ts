// The country list of the forms (lib/countries.ts, with its 250 names) is
// loaded just after a form's first render rather than with it: the names
// are read only when the person opens the Country list, and a phone on a
// slow connection paints the form sooner without them.
import { useEffect, useState } from 'react';

type CountriesModule = typeof import('./countries');

let loaded: CountriesModule | undefined;
let pending: Promise<CountriesModule> | undefined;

function loadCountries(): Promise<CountriesModule> {
  pending ??= import('./countries').then(
    (m) => (loaded = m),
    (err: unknown) => {
      // A dropped connection: the next form that needs the list asks again.
      pending = undefined;
      throw err;
    },
  );
  return pending;
}

/** Countries are the list's English names (the values the forms send) in
 * the order of the page's language, and the name of one in that language;
 * no names, and every country as it is, until the list has arrived. */
export interface Countries {
  names: string[];
  label: (name: string) => string;
}

const asIs = (name: string) => name;

/** useCountries gives a form the country list, loading it on first use. */
export function useCountries(): Countries {
  const [list, setList] = useState(loaded);
  useEffect(() => {
    if (list) return;
    let live = true;
    loadCountries().then(
      (m) => live && setList(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [list]);
  if (!list) return { names: [], label: asIs };
  return { names: list.countryNames(), label: (name) => list.countryLabel(name) };
}
