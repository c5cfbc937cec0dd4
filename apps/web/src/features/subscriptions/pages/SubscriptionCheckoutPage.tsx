import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Checkout } from '../../../components/checkout/Checkout.tsx';
import { SummaryRow } from '../../../components/checkout/SummaryRow.tsx';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { countryName, formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { subscriptionOrderQuery } from '../api/subscriptions.ts';

/**
 * SPEC §2 /tenders-checkout/{code}: pay for a tender-alerts subscription. Public (the code is
 * unguessable), so the supplier's details arrive masked. Paid shows the period bought and leads to /tenders.
 */
export function Component() {
  const { t, i18n } = useTranslation('subscriptions');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('checkout.title'));
  const code = useParams().code ?? '';
  const support = useSiteSettings();

  return (
    <Checkout
      title={t('checkout.title')}
      query={subscriptionOrderQuery(code)}
      order={(data) => data}
      items={(data) => [
        {
          label: t('checkout.item', { plan: t(`plans.${data.payment_plan}`) }),
          detail: t(`plans.per.${data.payment_plan}`),
          amount: data.amount,
        },
      ]}
      details={(data) => (
        <>
          <SummaryRow label={t('checkout.plan')}>
            <span data-testid="order-plan">{t(`plans.${data.payment_plan}`)}</span>
          </SummaryRow>
          <SummaryRow label={t('checkout.company')}>{data.supplier.company_name}</SummaryRow>
          <SummaryRow label={t('checkout.contact')}>
            {data.supplier.contact_name}
            <br />
            {data.supplier.email}
            {data.supplier.phone_number && (
              <>
                <br />
                {data.supplier.phone_number}
              </>
            )}
          </SummaryRow>
          <SummaryRow label={t('checkout.categories')}>
            {data.categories.map((category) => category.name).join(', ')}
          </SummaryRow>
          <SummaryRow label={t('checkout.country')}>
            {countryName(data.country.iso2, data.country.name, language)}
          </SummaryRow>
        </>
      )}
      paidDetails={(data) =>
        data.period && (
          <SummaryRow label={t('checkout.period')}>
            <span data-testid="subscription-period">
              {t('checkout.periodRange', {
                start: formatDate(data.period.starts_at, language),
                end: formatDate(data.period.ends_at, language),
              })}
            </span>
          </SummaryRow>
        )
      }
      payPath={(orderCode) => `/tender-alerts/subscription/payment/${encodeURIComponent(orderCode)}/`}
      paidLink={{ to: '/tenders', label: t('checkout.toTenders') }}
      notFound={{
        title: t('checkout.notFound'),
        body: t('checkout.notFoundBody'),
        action: { to: '/tenders-subscribe', label: t('page.title') },
      }}
      support={support.data}
    />
  );
}
