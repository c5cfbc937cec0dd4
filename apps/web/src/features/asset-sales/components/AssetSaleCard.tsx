import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { PublicDisposal } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { photoUrl } from '../api/asset-sales.ts';
import { PriceText } from './PriceText.tsx';
import classes from './AssetSales.module.css';

/** One asset for sale in the public list: its first photo, what it is, where, its price and closing. */
export function AssetSaleCard({ asset }: { asset: PublicDisposal }) {
  const { t } = useTranslation('asset-sales');
  const now = useNow();
  const closed = asset.closing_at !== null && new Date(asset.closing_at).getTime() <= now;
  return (
    <Paper withBorder radius="md" className={classes.card} component="article" data-testid="asset-sale-card">
      {asset.photos > 0 ? (
        <img
          className={classes.photo}
          src={photoUrl(asset.code, 0)}
          alt=""
          loading="lazy"
          width={400}
          height={300}
        />
      ) : (
        <div className={classes.noPhoto} aria-hidden="true">
          {t('card.noPhoto')}
        </div>
      )}
      <Stack gap="xs" p="md" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light" color="brand" radius="sm" tt="none">
            {t(`method.${asset.method}`)}
          </Badge>
          <Badge variant="outline" color="gray.7" radius="sm" tt="none">
            {t(`condition.${asset.condition}`)}
          </Badge>
          {closed && (
            <Badge variant="filled" color="gray.7" radius="sm" tt="none">
              {t('card.closed')}
            </Badge>
          )}
        </Group>
        <Text
          component={Link}
          to={`/asset-sales/${asset.code}`}
          fw={600}
          className={classes.title}
          data-testid="asset-sale-title"
        >
          {asset.title}
        </Text>
        <Text size="sm" c="gray.7">
          {asset.seller}
        </Text>
        <dl className={classes.meta}>
          <dt>{t('detail.location')}</dt>
          <dd>{asset.location}</dd>
          <dt>{t('card.price')}</dt>
          <dd>
            <PriceText asset={asset} />
          </dd>
          {asset.closing_at && (
            <>
              <dt>{t(asset.method === 'public_auction' ? 'detail.auctionEnds' : 'detail.closing')}</dt>
              <dd>
                <ClosingDate value={asset.closing_at} />
              </dd>
            </>
          )}
        </dl>
      </Stack>
    </Paper>
  );
}
