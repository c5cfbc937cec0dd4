import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatEat } from '@zabuni/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { AUCTION_NS, portalAuctionsQuery } from '../auctions-api.ts';
import { usePortal } from '../portal-context.ts';

/** `/portal/auctions`: the eAuctions the selected buyer invited the supplier to. */
export function Component() {
  const { t, i18n } = useTranslation(AUCTION_NS);
  const { buyer } = usePortal();
  const auctions = useQuery(portalAuctionsQuery(buyer?.id ?? null));
  return (
    <PageFrame testId="portal-auctions-page">
      <PageHeader title={t('title')} lead={t('listLead')} />
      {auctions.data?.length === 0 && <StatusMessage title={t('empty')} body={t('emptyBody')} />}
      <Stack gap="sm">
        {(auctions.data ?? []).map((a) => (
          <Card withBorder key={a.id}>
            <Group justify="space-between" wrap="wrap">
              <Anchor
                component={Link}
                to={`/portal/auctions/${a.id}`}
                fw={600}
                data-testid="portal-auction-link"
              >
                {a.title}
              </Anchor>
              <Badge variant="light">{t(`phase.${a.phase}`)}</Badge>
            </Group>
            <Text size="sm">
              {t('startsLine', { at: formatEat(a.starts_at, i18n.resolvedLanguage ?? 'en'), buyer: a.buyer })}
            </Text>
          </Card>
        ))}
      </Stack>
    </PageFrame>
  );
}
