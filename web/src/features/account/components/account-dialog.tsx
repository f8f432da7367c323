// The Edit Profile / Change Password modal. Closing it
// clears every field and message.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '@/lib/api';
import { passwordRule, passwordProblem } from '@/lib/password-rules';
import { updateSessionUser } from '@/lib/session';
import { changePassword, updateMe, type Account } from '../api/account-api';
import { ErrorSummary, TextArea, TextInput, serverErrors, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { SavedSummary } from './saved-summary';
import { keepConfirmation } from '@/lib/confirmation';
import { t, useT } from '@/i18n';

interface Props {
  open: boolean;
  account: Account;
  onClose: () => void;
  onSaved: (a: Account) => void;
}

type Notice = { kind: 'ok' | 'error'; text: string } | null;

function NoticeText({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return notice.kind === 'ok' ? (
    <p role="status" className="account-ok">
      {notice.text}
    </p>
  ) : (
    <p role="alert" className="account-error">
      {notice.text}
    </p>
  );
}

export function AccountDialog({ open, account, onClose, onSaved }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  return (
    <dialog ref={ref} className="account-dialog" aria-labelledby="account-dialog-title" onClose={onClose}>
      {/* Remounting the forms on every opening clears fields and messages. */}
      {open ? <DialogBody account={account} onClose={() => ref.current?.close()} onSaved={onSaved} /> : null}
    </dialog>
  );
}

function DialogBody({ account, onClose, onSaved }: { account: Account; onClose: () => void; onSaved: (a: Account) => void }) {
  useT();
  return (
    <div className="account-dialog-body">
      <div className="account-dialog-head">
        <h2 id="account-dialog-title">{t('account.edit')}</h2>
        <button type="button" className="account-close" onClick={onClose} aria-label={t('account.dialog.close')}>
          ×
        </button>
      </div>
      <ProfileForm account={account} onSaved={onSaved} />
      <PasswordForm admin={account.isAdmin} />
      <div className="account-dialog-foot">
        <button type="button" className="btn" onClick={onClose}>
          {t('account.dialog.close')}
        </button>
      </div>
    </div>
  );
}

function ProfileForm({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const [fullName, setFullName] = useState(account.fullName);
  const [mobile, setMobile] = useState(account.mobile ?? '');
  const [address, setAddress] = useState(account.address ?? '');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [savedAs, setSavedAs] = useState<Account | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    setSavedAs(null);
    if (!fullName.trim()) {
      setErrors({ fullName: t('form.fullNameRequired') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await updateMe({ fullName: fullName.trim(), mobile: mobile.trim(), address: address.trim(), __v: account.__v });
      updateSessionUser({
        _id: saved._id, fullName: saved.fullName, email: saved.email, mobile: saved.mobile,
        address: saved.address, createdAt: saved.createdAt, isAdmin: saved.isAdmin,
      });
      onSaved(saved);
      setFullName(saved.fullName);
      setMobile(saved.mobile);
      setAddress(saved.address);
      setNotice({ kind: 'ok', text: t('account.dialog.profileSaved') });
      setSavedAs(saved);
    } catch (err) {
      setNotice({ kind: 'error', text: messageOf(err, t('account.dialog.profileFailed')) });
      if (err instanceof ApiError) {
        setErrors(serverErrors('profile', err.errors, ['fullName', 'mobile', 'address']));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="profile-form-title" className="account-form">
      <h3 id="profile-form-title">{t('account.dialog.editProfile')}</h3>
      <TextInput id="profile-fullName" label={t('form.fullName')} autoComplete="name" required maxLength={200}
        value={fullName} onChange={(e) => setFullName(e.target.value)} error={errors.fullName} />
      <TextInput id="profile-mobile" label={t('account.dialog.mobile')} type="tel" autoComplete="tel"
        value={mobile} onChange={(e) => setMobile(e.target.value)} error={errors.mobile} />
      <TextArea id="profile-address" label={t('form.address')} autoComplete="street-address" rows={3} maxLength={1000}
        value={address} onChange={(e) => setAddress(e.target.value)} error={errors.address} />
      <NoticeText notice={notice} />
      <SavedSummary account={savedAs} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('account.dialog.saving') : t('account.dialog.saveProfile')}
      </button>
    </form>
  );
}

const PASSWORD_ORDER = ['currentPassword', 'newPassword', 'confirm'] as const;

function PasswordForm({ admin }: { admin: boolean }) {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [notice, setNotice] = useState<Notice>(null);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const { errors, busy, submit, summary } = useFormSubmit<typeof values>({
    prefix: 'password',
    order: PASSWORD_ORDER,
    values,
    validate: (v) => {
      const fe: FieldErrors = {};
      if (!v.currentPassword) fe.currentPassword = t('account.dialog.currentRequired');
      const problem = passwordProblem(v.newPassword, admin);
      if (!v.newPassword) fe.newPassword = t('account.dialog.newRequired');
      else if (problem) fe.newPassword = problem;
      if (!v.confirm) fe.confirm = t('account.dialog.confirmRequired');
      // The original site's words, kept in English in every language.
      else if (!fe.newPassword && v.newPassword !== v.confirm) fe.confirm = 'New passwords do not match.';
      return fe;
    },
    send: async (v) => {
      setNotice(null);
      const res = await changePassword(v.currentPassword, v.newPassword);
      setNotice({ kind: 'ok', text: res?.message || t('account.dialog.passwordChanged') });
      keepConfirmation('password-change');
      setValues({ currentPassword: '', newPassword: '', confirm: '' });
    },
    failed: (err) => setNotice(err instanceof ApiError && Object.keys(err.errors).length > 0 ? null : { kind: 'error', text: messageOf(err, 'Failed to change password.') }),
  });

  return (
    <form noValidate onSubmit={(e) => { setNotice(null); void submit(e); }} aria-labelledby="password-form-title" className="account-form">
      <h3 id="password-form-title">{t('account.dialog.changePassword')}</h3>
      <ErrorSummary {...summary} />
      <TextInput id="password-currentPassword" label={t('account.dialog.currentPassword')} type="password" autoComplete="current-password" required
        value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
      <TextInput id="password-newPassword" label={t('account.dialog.newPassword')} type="password" autoComplete="new-password" required hint={passwordRule()}
        value={values.newPassword} onChange={set('newPassword')} error={errors.newPassword} />
      <TextInput id="password-confirm" label={t('account.dialog.confirmPassword')} type="password" autoComplete="new-password" required
        value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
      <NoticeText notice={notice} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('account.dialog.changing') : t('account.dialog.changePassword')}
      </button>
    </form>
  );
}
