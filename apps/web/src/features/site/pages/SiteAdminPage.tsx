import {
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationBuyer, Price } from '@zabuni/contracts';
import { SECTORS } from '@zabuni/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModerationNav } from '../../../components/ModerationNav.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { minorToText, toMinor } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { changeBuyer, moderationBuyersQuery, moderationPricesQuery, setPrice } from '../api/marketing.ts';

const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : String(error));

/** One product's price: typed in major units ("400.00"), sent in minor units. */
function PriceRow({ price }: { price: Price }) {
  const { t } = useTranslation('site');
  const queryClient = useQueryClient();
  const [text, setText] = useState(minorToText(price.amount_minor, price.currency));
  const minor = toMinor(text, price.currency);
  const save = useMutation({
    mutationFn: () => setPrice(price.product, minor!),
    onSuccess: async () => {
      toast.success(t('admin.priceSaved'));
      await queryClient.invalidateQueries({ queryKey: ['moderation', 'prices'] });
      await queryClient.invalidateQueries({ queryKey: ['core', 'prices'] });
    },
    onError: failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minor !== null && minor > 0) save.mutate();
  };
  const label = t(`products.${price.product}`, { defaultValue: price.product });
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        <form onSubmit={submit}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`${label} (${price.currency})`}
              leftSection={<Text size="xs">{price.currency}</Text>}
              leftSectionWidth={44}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={minor === null || minor <= 0 ? t('admin.amountInvalid') : undefined}
              inputMode="decimal"
              w={170}
              data-testid={`price-input-${price.product}`}
            />
            <Button
              type="submit"
              size="sm"
              loading={save.isPending}
              disabled={minor === null || minor <= 0 || minor === price.amount_minor}
              data-testid={`price-save-${price.product}`}
            >
              {t('admin.save')}
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}

function BuyerRow({ buyer }: { buyer: ModerationBuyer }) {
  const { t } = useTranslation('site');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { shown_as_client?: boolean; sector?: string | null }) => changeBuyer(buyer.id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['moderation', 'buyers'] });
      await queryClient.invalidateQueries({ queryKey: ['core', 'clients'] });
    },
    onError: failed,
  });
  return (
    <Table.Tr>
      <Table.Td>{buyer.company_name}</Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`${t('admin.sector')}: ${buyer.company_name}`}
          value={buyer.sector ?? ''}
          onChange={(event) => change.mutate({ sector: event.currentTarget.value || null })}
          data={[
            { value: '', label: '—' },
            ...SECTORS.map((sector) => ({
              value: sector,
              label: t(`sector.${sector}`, { ns: 'tenders', defaultValue: sector }),
            })),
          ]}
          disabled={change.isPending}
          w={160}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`${t('admin.shown')}: ${buyer.company_name}`}
          checked={buyer.shown_as_client}
          onChange={(event) => change.mutate({ shown_as_client: event.currentTarget.checked })}
          disabled={change.isPending}
          data-testid={`shown-${buyer.id}`}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The operator's side of the marketing pages (issue 17): the price list the pricing page and every checkout
 * read, and which buying organisations the clients page shows (with their sector).
 */
export function Component() {
  const { t } = useTranslation('site');
  usePageTitle(t('admin.title'));
  const prices = useQuery(moderationPricesQuery);
  const [search, setSearch] = useState('');
  const buyers = useQuery(moderationBuyersQuery(search.trim()));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ModerationNav />
        <Title order={1}>{t('admin.title')}</Title>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="prices-title">
          <Title order={2} fz="lg" id="prices-title" mb={4}>
            {t('admin.prices')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('admin.pricesHelp')}
          </Text>
          {prices.isPending ? (
            <Skeleton height={200} />
          ) : prices.isError ? (
            <StatusMessage title={t('errors.loadFailed', { ns: 'common' })} />
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" data-testid="price-list">
                <Table.Tbody>
                  {prices.data.results.map((price) => (
                    <PriceRow key={`${price.product}-${price.updated_at}`} price={price} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="clients-title">
          <Title order={2} fz="lg" id="clients-title" mb={4}>
            {t('admin.clients')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('admin.clientsHelp')}
          </Text>
          <TextInput
            label={t('admin.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={360}
            mb="md"
            data-testid="buyer-search"
          />
          {buyers.isPending ? (
            <Skeleton height={200} />
          ) : buyers.isError ? (
            <StatusMessage title={t('errors.loadFailed', { ns: 'common' })} />
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" data-testid="buyer-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.organisation')}</Table.Th>
                    <Table.Th>{t('admin.sector')}</Table.Th>
                    <Table.Th>{t('admin.shown')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {buyers.data.results.map((buyer) => (
                    <BuyerRow key={buyer.id} buyer={buyer} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
