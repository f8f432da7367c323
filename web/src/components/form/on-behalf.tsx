// The "on behalf of an elder" part of the disciple, host, contact and gift
// forms: a signed-in helper sending the form for an elder who has no email
// or phone of their own says how the elder consented (or that a lawful
// guardian did), who witnessed it and in which language the notice was
// given. The choice is kept per form while the page is open (a review
// step or a return to the form finds it) and goes into the form's POST
// body as `onBehalf`; the server's answers about it show here.
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { addBodyPart } from '@/lib/api';
import { getToken, useSession } from '@/lib/session';
import { RadioGroup } from '@/features/donation/components/radio-group';
import { Checkbox, TextInput } from './form-kit';

export type AssistedForm = 'disciple' | 'host' | 'contact' | 'donation';

const PATHS: Record<AssistedForm, string> = {
  disciple: '/disciples/register',
  host: '/hosts/register',
  contact: '/contact',
  donation: '/donations',
};

export const CONSENT_METHODS = [
  { value: 'spoken', label: 'Said so aloud, after the notice was read to them' },
  { value: 'thumbprint', label: 'Gave their thumbprint on the printed notice' },
  { value: 'signed', label: 'Signed the printed notice' },
  { value: 'guardian', label: 'Cannot consent: their lawful guardian consented (the program records the guardian’s court order)' },
] as const;

export const NOTICE_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi (हिन्दी)' },
  { value: 'bn', label: 'Bengali (বাংলা)' },
] as const;

interface State {
  on: boolean;
  consentMethod: string;
  witnessName: string;
  witnessContact: string;
  noticeLanguage: string;
  errors: Record<string, string>;
}

const EMPTY: State = { on: false, consentMethod: '', witnessName: '', witnessContact: '', noticeLanguage: '', errors: {} };

// What each form's part holds, and who listens to it.
const states = new Map<AssistedForm, State>();
const listeners = new Set<() => void>();

function stateOf(form: AssistedForm): State {
  return states.get(form) ?? EMPTY;
}

function setState(form: AssistedForm, next: Partial<State>) {
  states.set(form, { ...stateOf(form), ...next });
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** onBehalfBody is what the form's body gets: the details, when the box is ticked by a signed-in helper. */
export function onBehalfBody(s: State, signedIn: boolean): Record<string, unknown> | null {
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

const registered = new Set<AssistedForm>();

function register(form: AssistedForm) {
  if (registered.has(form)) return;
  registered.add(form);
  addBodyPart(PATHS[form], {
    extra: () => onBehalfBody(stateOf(form), getToken() !== null),
    answered: (ok, errors) => setState(form, ok ? EMPTY : { errors: onBehalfErrors(errors) }),
  });
}

/** OnBehalf is the fieldset a form includes for sending it on behalf of an elder. */
export function OnBehalf({ form }: { form: AssistedForm }) {
  const { user } = useSession();
  const s = useSyncExternalStore(subscribe, () => stateOf(form), () => EMPTY);
  useEffect(() => register(form), [form]);
  const id = `on-behalf-${form}`;
  if (!user) {
    return (
      <p className="form-hint">
        Filling this in for an elder who has no email or phone of their own? <Link to={paths.login}>Sign in</Link> first,
        so that the record names you as their helper.
      </p>
    );
  }
  const set = (next: Partial<State>) => setState(form, next);
  return (
    <div className="on-behalf">
      <Checkbox
        id={`${id}-on`}
        label="I am filling this in for an elder who has no contact details of their own"
        checked={s.on}
        error={s.errors.on}
        onChange={(on) => set({ on })}
      />
      {s.on && (
        <fieldset className="form-group">
          <legend>On behalf of an elder</legend>
          <p className="form-hint">
            Read or explain the privacy notice below to the elder first. The record names you ({user.email}) as the helper.
          </p>
          <RadioGroup id={`${id}-method`} name={`${id}-method`} required legend="How did the elder give their consent?" options={CONSENT_METHODS} value={s.consentMethod} error={s.errors.consentMethod} onChange={(v) => set({ consentMethod: v })} />
          <RadioGroup id={`${id}-language`} name={`${id}-language`} required legend="In which language was the notice given?" options={NOTICE_LANGUAGES} value={s.noticeLanguage} error={s.errors.noticeLanguage} onChange={(v) => set({ noticeLanguage: v })} />
          <TextInput id={`${id}-witness`} label="Witness’s name" required value={s.witnessName} error={s.errors.witnessName} hint="Someone who saw the elder consent (not you)." onChange={(e) => set({ witnessName: e.target.value })} />
          <TextInput id={`${id}-witness-contact`} label="Witness’s email or phone number" required value={s.witnessContact} error={s.errors.witnessContact} onChange={(e) => set({ witnessContact: e.target.value })} />
        </fieldset>
      )}
    </div>
  );
}
