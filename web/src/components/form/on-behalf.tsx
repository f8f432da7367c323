// The "on behalf of an elder" part of the disciple, host, contact and gift
// forms: a signed-in helper sending the form for an elder who has no email
// or phone of their own says how the elder consented (or that a lawful
// guardian did), who witnessed it and in which language the notice was
// given. The choice is kept per form while the page is open (a review
// step or a return to the form finds it); the form's submit (useFormSubmit,
// given onBehalfPart) puts it into the body as `onBehalf` and brings the
// server's answers about it back here.
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { page } from '@/app/lazy';
import { paths } from '@/config/paths';
import { tn } from '@/i18n';
import { getToken, getUser, useSession, type SessionUser } from '@/lib/session';
import type { FieldErrors, FormPart } from './form-kit';
import type { OnBehalfFieldsProps } from './on-behalf-fields';
import { EMPTY, setState, stateOf, subscribe, type AssistedForm, type OnBehalfState } from './on-behalf-state';

export type { AssistedForm, OnBehalfState } from './on-behalf-state';

// A signed-in helper's part (its box, and its questions once ticked,
// on-behalf-fields.tsx) is code of its own: only a helper can answer it,
// so a visitor's page never loads it.
const HelperPart = page<OnBehalfFieldsProps>(() => import('./on-behalf-fields'));

/** onBehalfBody is what the form's body gets: the details, when the box is ticked by a signed-in helper. */
export function onBehalfBody(s: OnBehalfState, signedIn: boolean): Record<string, unknown> | null {
  if (!s.on || !signedIn) return null;
  const { consentMethod, witnessName, witnessContact, noticeLanguage } = s;
  return { onBehalf: { consentMethod, witnessName, witnessContact, noticeLanguage } };
}

/** The server's messages about this part, by field ("onBehalf.witnessName" → "witnessName"). */
export function onBehalfErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k === 'onBehalf') out.on = v;
    else if (k.startsWith('onBehalf.')) out[k.slice('onBehalf.'.length)] = v;
  }
  return out;
}

/** onBehalfPart is the part a form's submit sends: the details while the
 * box is ticked by a signed-in helper; a send that succeeds empties the
 * part, one that fails shows the server's messages about it. */
export function onBehalfPart(form: AssistedForm): FormPart {
  return {
    body: () => onBehalfBody(stateOf(form), getToken() !== null),
    answered: (ok, errors) => setState(form, ok ? EMPTY : { errors: onBehalfErrors(errors) }),
  };
}

// The fields through which each form reaches the person: the first takes
// the helper's mobile, the second the helper's email, when the elder has
// none (the server fills them the same way).
export const STAND_IN_FIELDS: Record<AssistedForm, readonly [string, string]> = {
  disciple: ['contactNumber', 'discipleEmail'],
  host: ['contactNumber', 'email'],
  contact: ['phone', 'email'],
  donation: ['phone', 'email'],
};

/** standInErrors drops the "required" problems of the contact fields the
 * helper's own details will fill: for a ticked box, the empty fields whose
 * stand-in (the helper's mobile or email) exists. What was typed is still
 * checked as typed. */
export function standInErrors(
  form: AssistedForm,
  errors: FieldErrors,
  values: Record<string, unknown>,
  on: boolean,
  helper: Pick<SessionUser, 'email' | 'mobile'> | null,
): FieldErrors {
  if (!on || !helper) return errors;
  const out = { ...errors };
  const [phone, email] = STAND_IN_FIELDS[form];
  for (const [key, has] of [[phone, !!helper.mobile], [email, !!helper.email]] as const) {
    const given = values[key];
    if (has && (typeof given !== 'string' || given.trim() === '')) delete out[key];
  }
  return out;
}

/** useStandIn wraps a form's validate so that, while the box is ticked,
 * the helper's details stand in for the elder's empty contact fields; the
 * form re-renders when the box changes. */
export function useStandIn<T>(form: AssistedForm, validate: (v: T) => FieldErrors): (v: T) => FieldErrors {
  const s = useSyncExternalStore(subscribe, () => stateOf(form), () => EMPTY);
  return (v: T) => standInErrors(form, validate(v), v as Record<string, unknown>, s.on, getToken() !== null ? getUser() : null);
}

/** OnBehalf is the part a form includes for sending it on behalf of an
 * elder: for a visitor, the line that says to sign in first; for a
 * signed-in helper, the box to tick and its questions. */
export function OnBehalf({ form }: { form: AssistedForm }) {
  const { user } = useSession();
  const signedIn = !!user;
  // A helper's part is fetched as soon as a helper is seen.
  useEffect(() => {
    if (signedIn) void HelperPart.preload();
  }, [signedIn]);
  if (!user) {
    return (
      <p className="form-hint">
        {tn('onBehalf.signInFirst', {}, { link: (c) => <Link to={paths.login}>{c}</Link> })}
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <HelperPart form={form} helper={user} />
    </Suspense>
  );
}
