import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatEat } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { portalAssetSalesQuery } from '../asset-sales-api.ts';
import { AUCTION_NS } from '../auctions-api.ts';

/** `/portal/asset-sales`: assets offered by sealed public tender, with this supplier's sealed offer. */
export function Component() {
  const { t, i18n } = useTranslation(AUCTION_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const sales = useQuery(portalAssetSalesQuery(1));
  return (
    <PageFrame testId="portal-asset-sales-page">
      <PageHeader title={t('assetSales.title')} lead={t('assetSales.lead')} />
      {sales.data?.results.length === 0 && (
        <StatusMessage title={t('assetSales.empty')} body={t('assetSales.emptyBody')} />
      )}
      <Stack gap="sm">
        {(sales.data?.results ?? []).map((a) => (
          <Card withBorder key={a.id} data-testid="portal-asset-sale">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor
                component={Link}
                to={`/portal/asset-sales/${a.id}`}
                fw={600}
                data-testid="portal-asset-sale-link"
              >
                {a.title}
              </Anchor>
              <Badge variant="light" tt="none">
                {a.my_offer ? t('assetSales.offerSealed') : t(`assetSales.status.${a.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {t('assetSales.line', {
                seller: a.seller,
                reserve: formatAmount(a.reserve_price, a.currency, language),
                at: a.closing_at ? formatEat(a.closing_at, language) : '—',
              })}
            </Text>
          </Card>
        ))}
      </Stack>
    </PageFrame>
  );
}
