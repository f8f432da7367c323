// My Account, for staff: two-step sign-in. Off: what it is and Set up
// (said to be needed when the person's role needs it for the dashboard).
// Setting up: the app's key as a QR code and as text, then the app's
// first code. On: the recovery codes left, new recovery codes and Turn
// off, each with a current code. The recovery codes are shown once, as a
// page of their own with Print and Copy.
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messageOf } from '@/lib/api';
import { TextInput } from '@/components/form/form-kit';
import { codeProblem, looksLikeRecovery } from '@/lib/one-time-code';
import { useT } from '@/i18n';
import { confirmTwoStep, disableTwoStep, getTwoStep, newRecoveryCodes, setupTwoStep, type TwoStepSetup, type TwoStepStatus } from '../api/two-step-api';

const QRCode = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

type Step = { kind: 'status' } | { kind: 'setup'; setup: TwoStepSetup } | { kind: 'codes'; codes: string[] } | { kind: 'confirmAction'; action: 'off' | 'codes' };

/** groupKey writes the app's key in groups of four, easier to copy by hand. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export default function TwoStepSection() {
  const t = useT();
  const id = useId();
  const [status, setStatus] = useState<TwoStepStatus | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const section = useRef<HTMLElement>(null);

  const load = (signal?: AbortSignal) => getTwoStep(signal).then(setStatus, () => undefined);
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, []);
  // Sent here from the dashboard (/myaccount#two-step): the section is shown.
  useEffect(() => {
    if (status && window.location.hash === '#two-step') section.current?.scrollIntoView();
  }, [status]);

  if (!status) return null;

  async function begin() {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      setStep({ kind: 'setup', setup: await setupTwoStep() });
    } catch (err) {
      setError(messageOf(err, t('twoStep.failed')));
    } finally {
      setBusy(false);
    }
  }

  function done(message: string) {
    setStep({ kind: 'status' });
    setNotice(message);
    void load();
  }

  const title = `${id}-title`;
  return (
    <section ref={section} id="two-step" className="account-card two-step" aria-labelledby={title}>
      <h2 id={title}>{t('twoStep.sectionTitle')}</h2>
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => done(t('twoStep.isOn'))} />
      ) : step.kind === 'setup' ? (
        <>
          <ol className="two-step-steps">
            <li>{t('twoStep.stepApp')}</li>
            <li>
              {t('twoStep.stepScan')}
              <div className="two-step-qr">
                <Suspense fallback={null}>
                  <QRCode value={step.setup.otpauthUrl} size={208} level="M" marginSize={4} role="img" aria-label={t('twoStep.qrLabel')} />
                </Suspense>
              </div>
              <p>{t('twoStep.stepKey')}</p>
              <p className="two-step-key" data-testid="two-step-key">
                {groupKey(step.setup.secret)}
              </p>
            </li>
            <li>{t('twoStep.stepCode')}</li>
          </ol>
          <CodeForm
            submitLabel={t('twoStep.confirm')}
            recoveryAllowed={false}
            onSubmit={async (code) => {
              const res = await confirmTwoStep(code);
              setStep({ kind: 'codes', codes: res.recoveryCodes });
            }}
            onCancel={() => setStep({ kind: 'status' })}
          />
        </>
      ) : step.kind === 'confirmAction' ? (
        <>
          <p>{step.action === 'off' ? t('twoStep.offExplain') : t('twoStep.newCodesExplain')}</p>
          <CodeForm
            submitLabel={step.action === 'off' ? t('twoStep.turnOff') : t('twoStep.newCodes')}
            recoveryAllowed
            onSubmit={async (code) => {
              if (step.action === 'off') {
                await disableTwoStep(code);
                done(t('twoStep.isOff'));
              } else {
                const res = await newRecoveryCodes(code);
                setStep({ kind: 'codes', codes: res.recoveryCodes });
              }
            }}
            onCancel={() => setStep({ kind: 'status' })}
          />
        </>
      ) : status.enabled ? (
        <>
          <p className="account-ok">{t('twoStep.isOn')}</p>
          <p>{t('twoStep.codesLeft', { count: status.recoveryCodesLeft })}</p>
          <div className="account-actions">
            <button type="button" className="btn" onClick={() => setStep({ kind: 'confirmAction', action: 'codes' })}>
              {t('twoStep.newCodes')}
            </button>
            <button type="button" className="btn" onClick={() => setStep({ kind: 'confirmAction', action: 'off' })}>
              {t('twoStep.turnOff')}
            </button>
          </div>
        </>
      ) : (
        <>
          {status.required && (
            <p className="account-verify" role="note">
              {t('twoStep.requiredNote')}
            </p>
          )}
          <p>{t('twoStep.explain')}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={begin}>
            {t('twoStep.setUp')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="account-error">
          {error}
        </p>
      )}
      <p role="status">{notice}</p>
    </section>
  );
}

interface CodeFormProps {
  submitLabel: string;
  recoveryAllowed: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** CodeForm asks for the code the app shows now (or, where allowed, a
 * recovery code) and shows the server's answer beside the field. */
function CodeForm({ submitLabel, recoveryAllowed, onSubmit, onCancel }: CodeFormProps) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = `${id}-code`;
  const focus = () => document.getElementById(inputId)?.focus();
  useEffect(focus, [inputId]);

  async function send(e: FormEvent) {
    e.preventDefault();
    const problem = codeProblem(code, recoveryAllowed && looksLikeRecovery(code));
    if (problem) {
      setError(problem);
      focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSubmit(code.trim());
    } catch (err) {
      setError(messageOf(err, t('twoStep.failed')));
      setCode('');
      focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={send} noValidate className="account-form">
      <TextInput
        id={inputId}
        label={recoveryAllowed ? t('twoStep.codeOrRecoveryLabel') : t('twoStep.codeLabel')}
        className="two-step-code"
        type="text"
        autoComplete="one-time-code"
        inputMode={recoveryAllowed ? 'text' : 'numeric'}
        spellCheck={false}
        maxLength={20}
        required
        error={error}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="account-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('twoStep.cancel')}
        </button>
      </div>
    </form>
  );
}

/** RecoveryCodes is the page of the recovery codes, shown once: each
 * works once when the phone is not at hand. Print prints them alone. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function print() {
    document.body.classList.add('printing-recovery-codes');
    const after = () => {
      document.body.classList.remove('printing-recovery-codes');
      window.removeEventListener('afterprint', after);
    };
    window.addEventListener('afterprint', after);
    window.print();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(t('twoStep.copied'));
    } catch {
      setCopied(t('twoStep.copyFailed'));
    }
  }

  return (
    <div className="recovery-codes">
      <h3 ref={heading} tabIndex={-1}>
        {t('twoStep.codesTitle')}
      </h3>
      <p>{t('twoStep.codesExplain')}</p>
      <ol className="recovery-code-list" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions recovery-code-actions">
        <button type="button" className="btn" onClick={print}>
          {t('twoStep.print')}
        </button>
        <button type="button" className="btn" onClick={copy}>
          {t('twoStep.copy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('twoStep.saved')}
        </button>
      </div>
      <p role="status">{copied}</p>
    </div>
  );
}
