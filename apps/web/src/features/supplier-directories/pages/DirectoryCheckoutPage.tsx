import { Anchor, Group, Text } from '@mantine/core';
import type { DirectoryOrder } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Checkout } from '../../../components/checkout/Checkout.tsx';
import { SummaryRow } from '../../../components/checkout/SummaryRow.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { directoryOrderQuery, paymentPath } from '../api/directories.ts';

/**
 * SPEC §2 supplier directory checkout: Pending, Processing, Error and Paid from the order's payment state
 * (so Error is reachable, unlike SPEC's mapping). Paid shows the download links of what was bought and
 * leads to /.
 */
export function Component() {
  const { t, i18n } = useTranslation('directories');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('checkout.title'));
  const code = useParams().code ?? '';
  const support = useSiteSettings();

  return (
    <Checkout
      title={t('checkout.title')}
      query={directoryOrderQuery(code)}
      order={(data) => data}
      items={(data) => [
        {
          label: t('checkout.item', { name: data.directory.name }),
          detail: t('checkout.itemDetail', { country: data.directory.country.name }),
          amount: data.amount,
        },
      ]}
      details={(data) => (
        <SummaryRow label={t('cart.contact')}>
          {data.name}
          <br />
          {data.email}
        </SummaryRow>
      )}
      paidDetails={(data) => <Delivery order={data} language={language} />}
      payPath={paymentPath}
      paidLink={{ to: '/', label: t('checkout.toHome') }}
      notFound={{
        title: t('cart.notFound'),
        body: t('cart.notFoundBody'),
        action: { to: '/supplier-directory', label: t('detail.back') },
      }}
      support={support.data}
    />
  );
}

function Delivery({ order, language }: { order: DirectoryOrder; language: string }) {
  const { t } = useTranslation('directories');
  const delivery = order.delivery;
  if (!delivery) return null;
  const date = formatDate(delivery.expires_at, language, true);
  return (
    <>
      <SummaryRow label={t('checkout.downloadsTitle')}>
        <span data-testid="delivery-count">
          {t('checkout.downloadsBody', { count: delivery.supplier_count })}
        </span>
      </SummaryRow>
      {delivery.expired ? (
        <Text size="sm" c="red.7" data-testid="delivery-expired">
          {t('checkout.expired', { date })}
        </Text>
      ) : (
        <>
          <Group justify="flex-end" gap="md" data-testid="delivery-links">
            {delivery.downloads.map((download) => (
              <Anchor
                key={download.format}
                href={download.url}
                download
                fw={600}
                data-testid={`download-${download.format}`}
              >
                {t(`checkout.${download.format}`)}
              </Anchor>
            ))}
          </Group>
          <Text size="xs" c="dimmed" ta="end">
            {t('checkout.expires', { date })}
          </Text>
        </>
      )}
    </>
  );
}
