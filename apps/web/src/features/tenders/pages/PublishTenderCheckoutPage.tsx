import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { useParams } from 'react-router';
import { Checkout } from '../../../components/checkout/Checkout.tsx';
import { SummaryRow } from '../../../components/checkout/SummaryRow.tsx';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { publishedTenderOrderQuery } from '../api/published-tenders.ts';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { ReviewBadge } from '../components/StatusBadges.tsx';

/**
 * SPEC §2 /publish-tender-checkout/{code}: the advertiser pays to publish a submitted tender. The page
 * composes the shared checkout with the tender's facts; Paid leads to /my-published-tenders.
 */
export function Component() {
  const { t } = useTranslation(...PUBLISHING);
  usePageTitle(t('checkout.title'));
  const code = useParams().code ?? '';
  const support = useSiteSettings();

  return (
    <Checkout
      title={t('checkout.title')}
      query={publishedTenderOrderQuery(code)}
      order={(data) => data.tender_alert}
      items={(data) => [
        {
          label: t('checkout.item'),
          detail: data.tender_alert_job.title,
          amount: data.tender_alert.amount,
        },
      ]}
      details={(data) => (
        <>
          <SummaryRow label={t('info.title')}>{data.tender_alert_job.title}</SummaryRow>
          <SummaryRow label={t('info.closingDate')}>
            <ClosingDate value={data.tender_alert_job.closing_date} />
          </SummaryRow>
          <SummaryRow label={t('checkout.reviewStatus')}>
            <ReviewBadge published={data.tender_alert_job.published} />
          </SummaryRow>
          <SummaryRow label={t('checkout.contact')}>
            {data.tender_alert.contact_name}
            <br />
            {data.tender_alert.email}
            {data.tender_alert.phone_number && (
              <>
                <br />
                {data.tender_alert.phone_number}
              </>
            )}
          </SummaryRow>
        </>
      )}
      // The advertiser's own order (owner-only endpoint): their number is not masked.
      defaultPhone={(data) => data.tender_alert.phone_number ?? undefined}
      payPath={(orderCode) => `/tender-alerts/available-tenders/payment/${encodeURIComponent(orderCode)}/`}
      paidLink={{ to: '/my-published-tenders', label: t('mine.title') }}
      notFound={{
        title: t('checkout.notFound'),
        action: { to: '/my-published-tenders', label: t('mine.title') },
      }}
      support={support.data}
    />
  );
}
