import { Anchor, Group, Text } from '@mantine/core';
import type { PrequalifiedOrder } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Checkout } from '../../../components/checkout/Checkout.tsx';
import { SummaryRow } from '../../../components/checkout/SummaryRow.tsx';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { prequalifiedOrderQuery } from '../api/prequalified.ts';

/** The delivered list on the Paid view: download links while valid, and each category's suppliers. */
function Delivery({ order }: { order: PrequalifiedOrder }) {
  const { t, i18n } = useTranslation('prequalified');
  const language = i18n.resolvedLanguage ?? 'en';
  const delivery = order.delivery;
  if (!delivery) {
    return <SummaryRow label={t('cart.list')}>{t('cart.preparing')}</SummaryRow>;
  }
  if (delivery.expired || !delivery.downloads) {
    return (
      <SummaryRow label={t('cart.list')}>
        <span data-testid="delivery-expired">{t('cart.expired')}</span>
      </SummaryRow>
    );
  }
  return (
    <>
      <SummaryRow label={t('cart.download')}>
        <Group gap="sm" justify="flex-end" component="span">
          <Anchor href={delivery.downloads.xlsx} data-testid="download-xlsx">
            {t('cart.xlsx')}
          </Anchor>
          <Anchor href={delivery.downloads.csv} data-testid="download-csv">
            {t('cart.csv')}
          </Anchor>
        </Group>
      </SummaryRow>
      <SummaryRow label={t('cart.until')}>{formatDate(delivery.expires_at, language, true)}</SummaryRow>
      {delivery.categories.map((category) => (
        <SummaryRow
          key={category.category}
          label={t('cart.delivered', {
            category: category.category,
            count: category.suppliers.length,
            requested: category.requested,
          })}
        >
          <span data-testid="delivered-category">
            {category.suppliers.length === 0
              ? t('cart.noneFound')
              : category.suppliers.map((supplier, index) => (
                  <span key={supplier.id}>
                    {index > 0 && <br />}
                    <Anchor href={supplier.profile_url} size="sm">
                      {supplier.name}
                    </Anchor>
                    {supplier.city ? ` · ${supplier.city}` : ''}
                  </span>
                ))}
          </span>
        </SummaryRow>
      ))}
    </>
  );
}

/**
 * SPEC §2 /prequalified-suppliers/cart/{id}: the order (company, contact and phone masked), what each
 * category can deliver now (a shortfall is said before payment), and the checkout's four views; Paid shows
 * the list with its download links.
 */
export function Component() {
  const { t, i18n } = useTranslation('prequalified');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('cart.title'));
  const id = useParams().id ?? '';
  const support = useSiteSettings();

  return (
    <Checkout
      title={t('cart.title')}
      query={prequalifiedOrderQuery(id)}
      order={(data) => data}
      items={(data) =>
        data.categories.map((row) => ({
          label: row.category.name,
          detail: (
            <span data-testid="row-availability">
              {t('cart.rowDetail', { count: row.supplier_count })}
              {data.payment_state === 'paid' ? (
                <>
                  {' · '}
                  {t('cart.deliveredCount', { count: row.available })}
                </>
              ) : (
                row.available < row.supplier_count && (
                  <Text span c="orange.8" fw={600} size="xs">
                    {' · '}
                    {t('cart.onlyAvailable', { count: row.available })}
                  </Text>
                )
              )}
            </span>
          ),
          amount: row.amount,
        }))
      }
      details={(data) => (
        <>
          <SummaryRow label={t('cart.company')}>{data.company_name}</SummaryRow>
          <SummaryRow label={t('cart.contact')}>
            {data.contact_person}
            <br />
            {data.email}
            <br />
            {data.phone_number}
          </SummaryRow>
          <SummaryRow label={t('cart.country')}>
            {countryName(data.country.iso2, data.country.name, language)}
          </SummaryRow>
          {data.shortfall && data.payment_state !== 'paid' && (
            <SummaryRow label={t('cart.availability')}>
              <Text span c="orange.8" fw={600} size="sm" data-testid="shortfall">
                {t('cart.shortfall')}
              </Text>
            </SummaryRow>
          )}
        </>
      )}
      paidDetails={(data) => <Delivery order={data} />}
      payPath={(orderId) => `/prequalified-suppliers/orders/payment/${encodeURIComponent(orderId)}/`}
      paidLink={{ to: '/prequalified-suppliers', label: t('cart.orderAnother') }}
      notFound={{
        title: t('cart.notFound'),
        body: t('cart.notFoundBody'),
        action: { to: '/prequalified-suppliers', label: t('page.title') },
      }}
      support={support.data}
    />
  );
}
