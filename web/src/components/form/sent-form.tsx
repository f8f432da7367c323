// The run of a public form that saves one record and thanks its sender
// (the volunteer registration, the host offer): its values, prefilled
// from the profile when signed in; the check-your-answers step; the send,
// with its draft, privacy notice and error summary; and, once it is
// saved, the confirmation kept for My Account, a toast and the way home
// after a moment. Each form says only what is its own.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { keepConfirmation, type Received, type SubmissionKind } from '@/lib/confirmation';
import { useProfilePrefill, type Profile } from '@/lib/profile';
import { useFormSubmit, type FieldErrors, type FormPart } from './form-kit';
import { CheckAnswers, useCheckStep, type AnswerSection } from './check-answers';

/** REDIRECT_MS is how long the thank-you stays before the home page. */
const REDIRECT_MS = 1500;

export interface SentFormOptions<T extends { email: string }> {
  /** form names the form: the controls' id prefix, its draft, its notice
   * and the confirmation kept. */
  form: SubmissionKind;
  /** order is the fields in page order. */
  order: readonly string[];
  empty: T;
  validate: (values: T) => FieldErrors;
  /** prefill fills what is still empty from the signed-in person's profile. */
  prefill: (values: T, p: Profile) => T;
  /** send makes the request with the part's extra fields. */
  send: (values: T, extra: Record<string, unknown>) => Promise<Received>;
  /** sent is the toast once saved, failed the one when the send failed. */
  sent: (res: Received) => string;
  failed: (err: unknown) => string;
  part?: FormPart;
}

/** useSentForm runs a public form (see the file's comment). */
export function useSentForm<T extends { email: string }>(o: SentFormOptions<T>) {
  const navigate = useNavigate();
  const [values, setValues] = useState<T>(o.empty);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useProfilePrefill((p) => setValues((v) => o.prefill(v, p)), o.form);

  const check = useCheckStep(o.form);
  const form = useFormSubmit<T>({
    prefix: o.form,
    order: o.order,
    values,
    draft: { form: o.form, empty: o.empty, setValues },
    validate: o.validate,
    part: o.part,
    notice: o.form,
    send: async (v, extra) => {
      const res = await check.sending(() => o.send(v, extra));
      keepConfirmation(o.form, res, v.email);
      setDone(true);
      toast.success(o.sent(res));
      timer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_MS);
    },
    failed: (err) => toast.error(o.failed(err)),
  });
  /** onSubmit is the form's submit: the check step first, then the send. */
  const onSubmit = (e: FormEvent) => check.proceed(e, o.validate(values), (ev) => form.submit(ev, values, done));
  return { ...form, values, setValues, done, check, onSubmit };
}

/** SentFormPage is the form's page: its title, then the form, or the
 * answers to check once the person has asked to send. */
export function SentFormPage<T extends { email: string }>({
  run,
  title,
  answers,
  children,
}: {
  run: ReturnType<typeof useSentForm<T>>;
  title: string;
  answers: () => AnswerSection[];
  children: ReactNode;
}) {
  const id = `${run.summary.prefix}-title`;
  return (
    <section className="form-page" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {run.check.checking ? (
        <CheckAnswers
          prefix={run.summary.prefix}
          sections={answers()}
          busy={run.busy || run.done}
          onChange={run.check.change}
          onBack={run.check.back}
          onSend={(e) => run.submit(e, run.values, run.done)}
        />
      ) : (
        children
      )}
    </section>
  );
}
