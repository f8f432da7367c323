// The request, in My Account, to confirm the account's address: shown
// while the address is not confirmed (accounts made before confirmation
// existed see it too, once, until they confirm), with a button that mails
// a new link. The server limits how often it sends; its answer is shown.
import { useState } from 'react';
import { messageOf } from '@/lib/api';
import { sendVerification } from '../api/account-api';
import { t } from '@/i18n';

export function VerifyBanner({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    setBusy(true);
    try {
      const res = await sendVerification();
      setAnswer({ ok: true, text: res.message });
    } catch (err) {
      setAnswer({ ok: false, text: messageOf(err, t('verify.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-verify" role="region" aria-labelledby="verify-banner-title">
      <h2 id="verify-banner-title">{t('verify.title')}</h2>
      <p>{t('verify.banner')}</p>
      <p className="account-verify-email">{email}</p>
      <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={busy}>
        {busy ? t('verify.sending') : t('verify.send')}
      </button>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? undefined : 'account-error'}>
          {answer.text}
        </p>
      )}
    </div>
  );
}
