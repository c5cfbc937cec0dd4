import { Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PAGINATION_CHUNK } from '@zabuni/contracts/constants';
import { pageCount } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { StatusIcon } from '../../../components/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ASSET_SALES_PAGE_SIZE, useAssetSales } from '../api/asset-sales.ts';
import { AssetSaleCard } from '../components/AssetSaleCard.tsx';

const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/**
 * Issue 21: the public list of assets buying organisations sell (by sealed tender or public auction), rendered
 * on the server like the tender list; the page lives in the address (`?page=`).
 */
export function Component() {
  const { t } = useTranslation('asset-sales');
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const sales = useAssetSales(page);
  usePageTitle(t('list.title'));
  useMetaDescription(t('list.subtitle'));
  const totalPages = pageCount(sales.data?.count ?? 0, ASSET_SALES_PAGE_SIZE);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4} maw={720}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('list.title')}
          </Title>
          <Text c="gray.7">{t('list.subtitle')}</Text>
        </Stack>
        {sales.data && (
          <Text size="sm" c="gray.7" data-testid="asset-sales-count" aria-live="polite">
            {t('list.count', { count: sales.data.count })}
          </Text>
        )}
        {sales.isError ? (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={sales.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void sales.refetch() }}
          />
        ) : !sales.data ? (
          <CardGrid aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={320} radius="md" />
            ))}
          </CardGrid>
        ) : sales.data.results.length === 0 && sales.data.count > 0 ? (
          // An address past the last page (a bookmark, a sold asset): say so, and lead back to the first.
          <StatusMessage
            icon={<StatusIcon name="document" />}
            title={t('list.pastEnd')}
            action={{ label: t('pagination.first'), onClick: () => setParams(new URLSearchParams()) }}
          />
        ) : sales.data.results.length === 0 ? (
          <StatusMessage
            icon={<StatusIcon name="document" />}
            title={t('list.empty.title')}
            body={t('list.empty.body')}
          />
        ) : (
          <CardGrid data-testid="asset-sales-list" aria-label={t('list.title')}>
            {sales.data.results.map((asset) => (
              <AssetSaleCard key={asset.code} asset={asset} />
            ))}
          </CardGrid>
        )}
        {totalPages > 1 && (
          <Pagination
            page={page}
            totalPages={totalPages}
            chunkSize={PAGINATION_CHUNK}
            onChange={(next) => {
              const nextParams = new URLSearchParams(params);
              if (next > 1) nextParams.set('page', String(next));
              else nextParams.delete('page');
              setParams(nextParams);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            labels={{
              nav: t('pagination.label'),
              previous: t('pagination.previous'),
              next: t('pagination.next'),
              first: t('pagination.first'),
              last: t('pagination.last'),
              summary: t('pagination.summary', { page, pages: totalPages }),
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
