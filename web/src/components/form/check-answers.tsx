// "Check your answers": before a long form is sent, the person sees every
// answer grouped as on the form, each with a Change link that takes them
// back to that very field, then sends with one button. What they typed is
// never lost going back and forth: the form keeps its values (and its
// draft) while this summary is shown.
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { page } from '@/app/lazy';
import { usePreloadAfterLoad } from './after-load';
import { goToField } from './error-summary';

export interface AnswerRow {
  /** key is the field's key: its control's id is `${prefix}-${key}`. */
  key: string;
  label: string;
  value: string | readonly string[] | boolean | undefined;
}

export interface AnswerSection {
  title: string;
  rows: AnswerRow[];
}

// The summary's code (check-answers-view.tsx), apart from the form's; once
// fetched it renders at once when the form is sent.
const View = page<CheckAnswersProps>(() => import('./check-answers-view'));

/** useCheckStep holds whether the summary is shown, and brings the
 * person back to a field when they choose to change it. */
export function useCheckStep(prefix: string) {
  const [checking, setChecking] = useState(false);
  const focusKey = useRef<string | null>(null);
  // The summary's code is fetched a moment after the page has loaded,
  // long before anyone reaches the end of the form, but not with it.
  usePreloadAfterLoad(View.preload);
  // Once the form is back on screen, the field to change takes the focus.
  useEffect(() => {
    if (checking || focusKey.current === null) return;
    goToField(prefix, focusKey.current);
    focusKey.current = null;
  }, [checking, prefix]);
  return {
    checking,
    /** change goes back to the form at the field key. */
    change: (key: string) => {
      focusKey.current = key;
      setChecking(false);
    },
    /** back goes back to the form where it was. */
    back: () => setChecking(false),
    /** sending runs the form's request; when it fails the form is shown
     * again, where the error summary says why. */
    sending: async <R,>(request: () => Promise<R>): Promise<R> => {
      try {
        return await request();
      } catch (err) {
        setChecking(false);
        throw err;
      }
    },
    /** proceed is the form's onSubmit: with problems the form's own
     * submit shows them; without, the summary is shown instead. */
    proceed: (e: FormEvent, problems: object, submit: (e: FormEvent) => void) => {
      if (Object.keys(problems).length > 0) {
        submit(e);
        return;
      }
      e.preventDefault();
      setChecking(true);
    },
  };
}

/** CheckAnswersProps are the summary's answers and actions. */
export interface CheckAnswersProps {
  prefix: string;
  sections: AnswerSection[];
  busy: boolean;
  onChange: (key: string) => void;
  onBack: () => void;
  onSend: (e: FormEvent) => void;
}


/** CheckAnswers is the summary with its Change links and the send button. */
export function CheckAnswers(props: CheckAnswersProps) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
