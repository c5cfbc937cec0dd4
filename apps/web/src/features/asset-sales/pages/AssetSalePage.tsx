import { Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PublicDisposal } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { StatusIcon } from '../../../components/Icon.tsx';
import { PlainButton } from '../../../components/PlainButton.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isNotFound, photoUrl, useAssetSale } from '../api/asset-sales.ts';
import { PriceText } from '../components/PriceText.tsx';
import classes from '../components/AssetSales.module.css';

/** Issue 21: one asset for sale: photos, condition, location, price, closing and how to bid. */
export function Component() {
  const { t, i18n } = useTranslation('asset-sales');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  const sale = useAssetSale(code);
  const data = sale.data;
  const missing = !/^[A-Za-z0-9_-]{8,40}$/.test(code) || (sale.isError && isNotFound(sale.error));
  usePageTitle(missing ? t('detail.notFound.title') : (data?.title ?? t('list.title')));
  useMetaDescription(
    data
      ? t('detail.metaDescription', {
          title: data.title,
          seller: data.seller,
          location: data.location,
        })
      : undefined,
  );

  if (missing)
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          icon={<StatusIcon name="document" />}
          title={t('detail.notFound.title')}
          body={t('detail.notFound.body')}
          action={{ label: t('detail.back'), onClick: () => navigate('/asset-sales') }}
        />
      </Container>
    );
  if (sale.isError)
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('errors.loadFailed', { ns: 'common' })}
          body={sale.error.message}
          action={{ label: t('retry', { ns: 'common' }), onClick: () => void sale.refetch() }}
        />
      </Container>
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/asset-sales" size="sm" w="fit-content">
          ← {t('detail.back')}
        </Anchor>
        {data ? (
          <Stack gap={6}>
            <Group gap={6}>
              <Badge variant="light" color="brand" radius="sm" tt="none">
                {t(`method.${data.method}`)}
              </Badge>
              {data.status !== 'listed' && (
                <Badge variant="filled" color="gray.7" radius="sm" tt="none">
                  {t('detail.sold')}
                </Badge>
              )}
            </Group>
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.25} data-testid="asset-sale-title">
              {data.title}
            </Title>
            <Text c="gray.7" fw={500}>
              {data.seller}
            </Text>
          </Stack>
        ) : (
          <Skeleton height={72} radius="md" />
        )}
        <div className={classes.columns}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
              <Title order={2} fz="lg" mb="sm">
                {t('detail.photos')}
              </Title>
              {!data ? (
                <Skeleton height={220} />
              ) : data.photos === 0 ? (
                <Text c="gray.7">{t('detail.noPhotos')}</Text>
              ) : (
                <div className={classes.gallery} data-testid="asset-sale-photos">
                  {Array.from({ length: data.photos }, (_, index) => (
                    <img
                      key={index}
                      src={photoUrl(data.code, index)}
                      alt={t('detail.photoAlt', { title: data.title, number: index + 1 })}
                      loading={index === 0 ? 'eager' : 'lazy'}
                      width={400}
                      height={300}
                    />
                  ))}
                </div>
              )}
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
              <Title order={2} fz="lg" mb="sm">
                {t('detail.description')}
              </Title>
              {data ? (
                <Text className={classes.description}>{data.description}</Text>
              ) : (
                <Skeleton height={80} />
              )}
            </Paper>
          </Stack>
          <Stack gap="lg">
            {data ? <Facts asset={data} language={language} /> : <Skeleton height={280} radius="md" />}
            {data && <HowToBid asset={data} />}
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}

function Facts({ asset, language }: { asset: PublicDisposal; language: string }) {
  const { t } = useTranslation('asset-sales');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="lg" mb="sm">
        {t('detail.facts')}
      </Title>
      <dl className={classes.meta} data-testid="asset-sale-facts">
        <dt>{t('detail.seller')}</dt>
        <dd>{asset.seller}</dd>
        <dt>{t('detail.condition')}</dt>
        <dd>{t(`condition.${asset.condition}`)}</dd>
        <dt>{t('detail.location')}</dt>
        <dd>{asset.location}</dd>
        <dt>{t('detail.method')}</dt>
        <dd>{t(`method.${asset.method}`)}</dd>
        <dt>{t('card.price')}</dt>
        <dd data-testid="asset-sale-price">
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
        {asset.listed_at && (
          <>
            <dt>{t('detail.listed')}</dt>
            <dd>{formatDate(asset.listed_at, language)}</dd>
          </>
        )}
      </dl>
    </Paper>
  );
}

function HowToBid({ asset }: { asset: PublicDisposal }) {
  const { t } = useTranslation('asset-sales');
  const now = useNow();
  const closed = asset.closing_at !== null && new Date(asset.closing_at).getTime() <= now;
  const portal = asset.method === 'public_auction' ? '/portal/auctions' : `/portal/asset-sales`;
  const text =
    asset.method === 'public_tender'
      ? t('detail.howTo.tender')
      : asset.method === 'public_auction'
        ? t('detail.howTo.auction')
        : t('detail.howTo.tradeIn');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" bg="brand.0">
      <Title order={2} fz="lg" mb="sm">
        {t('detail.howTo.title')}
      </Title>
      <Text size="sm" mb="md">
        {text}
      </Text>
      {closed && asset.status === 'listed' && (
        <Text size="sm" fw={600} data-testid="asset-sale-closed">
          {t('card.closed')}
        </Text>
      )}
      {asset.method !== 'trade_in' && asset.status === 'listed' && !closed && (
        <Stack gap="xs">
          <PlainButton to={`/login?next=${encodeURIComponent(portal)}`} data-testid="asset-sale-sign-in">
            {t('detail.howTo.signIn')}
          </PlainButton>
          <PlainButton to="/supplier/register" variant="subtle">
            {t('detail.howTo.register')}
          </PlainButton>
        </Stack>
      )}
    </Paper>
  );
}
