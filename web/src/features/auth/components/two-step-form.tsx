// The second step of signing in to an account with two-step sign-in: one
// large field for the 6-digit code of the authenticator app (numbers
// keyboard, filled in by the phone where it can) or, after "Use a
// recovery code", one of the recovery codes. A sign-in that has ended (5
// minutes, or 5 wrong codes) sends the person back to the password.
import { useEffect, useState } from 'react';
import { ApiError, messageOf } from '@/lib/api';
import type { SessionUser } from '@/lib/session';
import { ErrorSummary, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { loginTwoStep } from '../api/auth-api';
import { codeProblem } from '@/lib/one-time-code';
import { t } from '@/i18n';

interface Props {
  challenge: string;
  onSignedIn: (token: string, user: SessionUser) => void;
  /** onEnded goes back to the password, saying why. */
  onEnded: (message: string) => void;
}

export function TwoStepForm({ challenge, onSignedIn, onEnded }: Props) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  // The code field takes the focus at once, and again when the kind of code changes.
  useEffect(() => document.getElementById('twostep-code')?.focus(), [recovery]);

  const values = { code };
  const { errors, busy, submit, summary } = useFormSubmit<typeof values>({
    prefix: 'twostep',
    order: ['code'],
    values,
    validate: (v) => {
      const fe: FieldErrors = {};
      const p = codeProblem(v.code, recovery);
      if (p) fe.code = p;
      return fe;
    },
    send: async (v) => {
      setError('');
      const { token, user } = await loginTwoStep(challenge, v.code.trim());
      setDone(true);
      onSignedIn(token, user);
    },
    failed: (err) => {
      if (err instanceof ApiError && err.errors.challenge) {
        onEnded(err.message || t('twoStep.ended'));
        return;
      }
      setCode('');
      setError(err instanceof ApiError && err.status === 400 && Object.keys(err.errors).length > 0 ? '' : messageOf(err, t('twoStep.failed')));
    },
  });

  return (
    <form noValidate onSubmit={(e) => submit(e, values, done)} className="two-step-form">
      <ErrorSummary {...summary} notice={error || summary.notice} />
      <p className="auth-hint">{recovery ? t('twoStep.recoveryHint') : t('twoStep.codeHint')}</p>
      <TextInput
        id="twostep-code"
        label={recovery ? t('twoStep.recoveryLabel') : t('twoStep.codeLabel')}
        name="code"
        type="text"
        className="two-step-code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize={recovery ? 'characters' : 'off'}
        spellCheck={false}
        maxLength={recovery ? 20 : 8}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
      />
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy || done}>
        {busy ? t('twoStep.checking') : t('twoStep.submit')}
      </button>
      <p className="auth-links">
        <button
          type="button"
          className="link-button two-step-switch"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError('');
          }}
        >
          {recovery ? t('twoStep.useApp') : t('twoStep.useRecovery')}
        </button>
      </p>
    </form>
  );
}
