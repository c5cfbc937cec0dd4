import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatEat } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useNow } from '../../../lib/use-now.ts';
import { portalAssetSaleQuery, portalAssetSalesApi } from '../asset-sales-api.ts';
import { AUCTION_NS } from '../auctions-api.ts';

/**
 * `/portal/asset-sales/:id`: one asset offered by sealed public tender. The supplier seals an offer (it may
 * replace it until closing) and keeps the receipt: its code and the SHA-256 of the sealed envelope. Nobody,
 * the seller included, sees the amount before the committee opens the offers after closing.
 */
export function Component() {
  const { t, i18n } = useTranslation(AUCTION_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const sale = useQuery(portalAssetSaleQuery(id));
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const now = useNow();
  const a = sale.data;
  if (!a)
    return (
      <PageFrame testId="portal-asset-sale-page">
        {sale.isError ? <Alert color="red">{failureText(sale.error)}</Alert> : null}
      </PageFrame>
    );
  const open = a.status === 'listed' && a.closing_at !== null && new Date(a.closing_at).getTime() > now;
  const submit = async () => {
    setSending(true);
    setProblem(null);
    try {
      await portalAssetSalesApi.offer(id, amount);
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: ['portal-asset-sales'] });
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <PageFrame testId="portal-asset-sale-page">
      <PageHeader title={a.title} lead={`${a.seller} · ${a.location}`} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('assetSales.reserve')}
          </Text>
          <Text fw={700}>{formatAmount(a.reserve_price, a.currency, language)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('assetSales.closing')}
          </Text>
          <Text fw={700}>{a.closing_at ? formatEat(a.closing_at, language) : '—'}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('assetSales.state')}
          </Text>
          <Text fw={700} data-testid="portal-asset-sale-state">
            {a.won ? t('assetSales.won') : t(`assetSales.status.${a.status}`)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Text style={{ whiteSpace: 'pre-line' }}>{a.description}</Text>
      </Card>
      {a.my_offer && (
        <Card withBorder data-testid="portal-asset-sale-receipt">
          <Title order={2} size="h4" mb="xs">
            {t('assetSales.receipt')}
          </Title>
          <Stack gap={4}>
            <Text size="sm">
              {t('assetSales.receiptLine', {
                code: a.my_offer.receipt_code,
                at: formatEat(a.my_offer.submitted_at, language),
                version: a.my_offer.version,
              })}
            </Text>
            <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              SHA-256 {a.my_offer.sha256}
            </Text>
          </Stack>
        </Card>
      )}
      {open && (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {a.my_offer ? t('assetSales.replace') : t('assetSales.offer')}
          </Title>
          <Text size="sm" mb="sm">
            {t('assetSales.sealedLead')}
          </Text>
          {problem && (
            <Alert color="red" mb="sm" data-testid="portal-asset-sale-problem">
              {problem}
            </Alert>
          )}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('assetSales.amount', { currency: a.currency })}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
              style={{ flex: '1 1 14rem' }}
              data-testid="portal-asset-sale-amount"
            />
            <Button loading={sending} onClick={() => void submit()} data-testid="portal-asset-sale-submit">
              {t('assetSales.submit')}
            </Button>
          </Group>
        </Card>
      )}
    </PageFrame>
  );
}
