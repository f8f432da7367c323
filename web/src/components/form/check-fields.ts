// The check of a public form against its generated schema, the same
// definition the server checks: kept apart from the form kit so that only
// the pages with such a form load it.
import { t } from '@/i18n';
import type { FormSchema, FormValues } from '@/lib/schemas/types.gen';
import { isEmail, isPhone, type FieldErrors } from './form-kit';

/** tooLong reports a value over max characters (counted as the server
 * counts them, by code point). */
function tooLong(v: string, max: number): boolean {
  return [...v.trim()].length > max;
}

/** emptyValues are a form's values before anything is typed: "", false
 * or an empty list per field of its schema. */
export function emptyValues<S extends FormSchema>(schema: S): FormValues<S> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(schema)) out[k] = f.kind === 'bool' ? false : f.kind === 'list' ? [] : '';
  return out as FormValues<S>;
}

/** checkFields checks the values against the form's generated schema, as
 * the server checks them: a missing required value (a consent not
 * given), an email, phone or name of the wrong shape, a text over its
 * limit. A field revealed by a choice is checked only when that choice is
 * made. only limits the check to some fields (a form that checks the
 * others by rules of its own). */
export function checkFields<S extends FormSchema>(schema: S, values: Partial<Record<keyof S, unknown>>, only?: readonly (keyof S & string)[]): FieldErrors {
  const e: FieldErrors = {};
  for (const k of only ?? (Object.keys(schema) as (keyof S & string)[])) {
    const f = schema[k];
    const v = values[k];
    const by = f.revealedBy;
    if (by) {
      const chosen = values[by.key as keyof S];
      if (!Array.isArray(chosen) || !chosen.includes(by.option)) continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    const missing = f.kind === 'bool' ? v !== true : f.kind === 'list' ? !Array.isArray(v) || v.length === 0 : text === '';
    if (missing) {
      if (f.required) e[k] = t(f.required);
      continue;
    }
    if (f.kind !== 'text') continue;
    if (f.format === 'email' && !isEmail(text)) e[k] = t('contact.emailInvalid');
    else if (f.format === 'phone' && !isPhone(text)) e[k] = t('form.phoneInvalid');
    else if (f.format === 'name' && /[<>]/.test(text)) e[k] = t('form.nameChars');
    else if (f.max && tooLong(text, f.max)) e[k] = t('form.keepUnder', { n: f.max });
  }
  return e;
}
