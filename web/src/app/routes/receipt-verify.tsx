// /receipts/verify/:code: the check a receipt's QR code opens.
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { useSite } from '@/lib/site-data';
import { useT } from '@/i18n';
import { ReceiptVerify } from '@/features/donation/components/receipt-verify';

export default function ReceiptVerifyPage() {
  usePageMeta(meta.receiptVerify);
  const t = useT();
  const { code = '' } = useParams();
  const org = useSite()?.settings.orgName ?? '';
  return (
    <>
      <PageHeader title={t('receipt.title')} />
      <div className="section">
        <div className="container narrow">
          <ReceiptVerify key={code} code={code} orgName={org} />
        </div>
      </div>
    </>
  );
}
