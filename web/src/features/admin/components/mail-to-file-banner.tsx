// The dashboard's warning while the server has no mail server: every
// message (confirmations, receipts, reset links) is written to a file on
// the server and reaches nobody.
import { useT } from '@/i18n';
import { useSite } from '@/lib/site-data';

export function MailToFileBanner() {
  const t = useT();
  const site = useSite();
  if (!site?.mailToFile) return null;
  return (
    // A standing warning, shown from the page's load: no live region.
    <p className="admin-mail-banner" data-testid="mail-to-file-banner">
      {t('admin.mailToFileBanner')}
    </p>
  );
}
