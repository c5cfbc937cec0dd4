import {
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { JobType, PublishedTender, Sector } from '@zabuni/contracts';
import { JOB_TYPES, PAGE_SIZE, SECTORS } from '@zabuni/contracts/constants';
import { pageCount, paymentLabel, reviewLabel } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMyPublishedTenders, type PublishedTenderFilters } from '../api/published-tenders.ts';
import { ClosingDate } from '../components/ClosingDate.tsx';
import { ListPagination } from '../components/ListPagination.tsx';
import { PaymentBadge, ReviewBadge, TenderStatusBadge } from '../components/StatusBadges.tsx';
import { jobTypeParam, positiveInt, sectorParam, withParams } from './url-params.ts';

function readFilters(params: URLSearchParams): PublishedTenderFilters {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    search: params.get('search') ?? undefined,
    sector: sectorParam(params.get('sector')),
    job_type: jobTypeParam(params.get('job_type')),
  };
}

/** The title links to the bulletin only once the tender is public (approved and paid). */
function TenderTitle({ tender }: { tender: PublishedTender }) {
  const live =
    reviewLabel(tender.published) === 'published' && paymentLabel(tender.payment_status) === 'paid';
  return live ? (
    <Anchor component={Link} to={`/tenders/show/${tender.id}`} fw={600} size="sm">
      {tender.title}
    </Anchor>
  ) : (
    <Text fw={600} size="sm">
      {tender.title}
    </Text>
  );
}

/** SPEC §4: Pending offers "Make Payment" (to the order’s checkout) while `can_pay` (not once the tender closed). */
function Payment({ tender }: { tender: PublishedTender }) {
  const { t } = useTranslation('tenders');
  return (
    <Stack gap={4} align="flex-start">
      <PaymentBadge status={tender.payment_status} />
      {paymentLabel(tender.payment_status) === 'pending' && tender.can_pay && (
        <Anchor
          component={Link}
          to={`/publish-tender-checkout/${encodeURIComponent(tender.code)}`}
          size="sm"
          fw={600}
          data-testid="make-payment"
        >
          {t('mine.makePayment')}
        </Anchor>
      )}
    </Stack>
  );
}

function Review({ tender }: { tender: PublishedTender }) {
  const { t } = useTranslation('tenders');
  return (
    <Stack gap={4} align="flex-start">
      <ReviewBadge published={tender.published} />
      {reviewLabel(tender.published) === 'rejected' && tender.rejection_reason && (
        <Text size="xs" c="red.8" data-testid="rejection-reason" maw={260}>
          {t('mine.reason', { reason: tender.rejection_reason })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * On a phone the three labels share one line and "Make Payment" is a button of its own below them (side by
 * side, the link pushed the review label onto a line of its own).
 */
function CardStatus({ tender }: { tender: PublishedTender }) {
  const { t } = useTranslation('tenders');
  const rejected = reviewLabel(tender.published) === 'rejected' && tender.rejection_reason;
  return (
    <Stack gap="xs">
      <Group gap={6}>
        <TenderStatusBadge status={tender.status} />
        <PaymentBadge status={tender.payment_status} />
        <ReviewBadge published={tender.published} />
      </Group>
      {rejected && (
        <Text size="xs" c="red.8" data-testid="rejection-reason">
          {t('mine.reason', { reason: tender.rejection_reason })}
        </Text>
      )}
      {paymentLabel(tender.payment_status) === 'pending' && tender.can_pay && (
        <Button
          component={Link}
          to={`/publish-tender-checkout/${encodeURIComponent(tender.code)}`}
          variant="light"
          size="sm"
          fullWidth
          data-testid="make-payment"
        >
          {t('mine.makePayment')}
        </Button>
      )}
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('tenders');
  usePageTitle(t('mine.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const tenders = useMyPublishedTenders(filters);
  const [search, setSearch] = useState(filters.search ?? '');
  const pushSearch = useDebouncedCallback(
    (value: string) => setParams(withParams(params, { search: value.trim() || undefined })),
    400,
  );
  const totalPages = pageCount(tenders.data?.count ?? 0, PAGE_SIZE.listing);
  const rows = tenders.data?.results ?? [];
  const filtered = Boolean(filters.search || filters.sector || filters.job_type);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('mine.title')}
            </Title>
            <Text c="dimmed">{t('mine.lead')}</Text>
          </Stack>
          <Button component={Link} to="/publish-tender" data-testid="publish-tender-button">
            {t('mine.publish')}
          </Button>
        </Group>

        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('filters.search')}
              placeholder={t('mine.searchPlaceholder')}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                pushSearch(event.currentTarget.value);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label={t('filters.sector')}
              placeholder={t('filters.allSectors')}
              data={SECTORS.map((s) => ({ value: s, label: t(`sector.${s}`) }))}
              value={filters.sector ?? null}
              onChange={(value) =>
                setParams(withParams(params, { sector: (value as Sector | null) ?? undefined }))
              }
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label={t('filters.jobType')}
              placeholder={t('filters.allJobTypes')}
              data={JOB_TYPES.map((j) => ({ value: j, label: t(`jobType.${j}`) }))}
              value={filters.job_type ?? null}
              onChange={(value) =>
                setParams(withParams(params, { job_type: (value as JobType | null) ?? undefined }))
              }
              clearable
            />
          </Grid.Col>
        </Grid>

        {tenders.isPending && (
          <Stack gap="xs" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </Stack>
        )}

        {tenders.isError && !tenders.data && (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={tenders.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void tenders.refetch() }}
          />
        )}

        {tenders.data && rows.length === 0 && (
          <StatusMessage
            icon={
              <span style={{ fontSize: 40 }} aria-hidden>
                📭
              </span>
            }
            title={filtered ? t('mine.emptyFiltered') : t('mine.empty.title')}
            body={filtered ? undefined : t('mine.empty.body')}
            action={
              filtered
                ? {
                    label: t('filters.clear'),
                    onClick: () => {
                      setSearch('');
                      setParams(new URLSearchParams());
                    },
                  }
                : { label: t('mine.publish'), onClick: () => navigate('/publish-tender') }
            }
          />
        )}

        {rows.length > 0 && (
          <>
            <Paper withBorder radius="md" visibleFrom="sm" style={{ overflow: 'hidden' }}>
              <Table.ScrollContainer minWidth={760}>
                <Table
                  verticalSpacing="sm"
                  highlightOnHover
                  style={{ opacity: tenders.isPlaceholderData ? 0.6 : 1 }}
                  data-testid="published-tenders-table"
                >
                  <Table.Thead bg="gray.0">
                    <Table.Tr>
                      <Table.Th>{t('info.title')}</Table.Th>
                      <Table.Th>{t('info.closingDate')}</Table.Th>
                      <Table.Th>{t('info.status')}</Table.Th>
                      <Table.Th>{t('mine.payment')}</Table.Th>
                      <Table.Th>{t('mine.review')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((tender) => (
                      <Table.Tr key={tender.id} data-testid="published-tender-row">
                        <Table.Td maw={320}>
                          <TenderTitle tender={tender} />
                          <Text size="xs" c="dimmed">
                            {tender.company}
                            {tender.sector
                              ? ` · ${t(`sector.${tender.sector}`, { defaultValue: tender.sector })}`
                              : ''}
                            {` · ${t(`jobType.${tender.job_type}`)}`}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            <ClosingDate value={tender.closing_date} />
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <TenderStatusBadge status={tender.status} />
                        </Table.Td>
                        <Table.Td>
                          <Payment tender={tender} />
                        </Table.Td>
                        <Table.Td>
                          <Review tender={tender} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <Stack gap="sm" hiddenFrom="sm" data-testid="published-tenders-cards">
              {rows.map((tender) => (
                <Paper key={tender.id} withBorder radius="md" p="md" component="article">
                  <Stack gap="xs">
                    <TenderTitle tender={tender} />
                    <Text size="xs" c="dimmed">
                      {tender.company} · {t(`jobType.${tender.job_type}`)}
                    </Text>
                    <Text size="xs">
                      {t('card.closes')}: <ClosingDate value={tender.closing_date} />
                    </Text>
                    <CardStatus tender={tender} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </>
        )}

        <ListPagination
          page={filters.page}
          totalPages={totalPages}
          onChange={(page) => setParams(withParams(params, { page }))}
        />
      </Stack>
    </Container>
  );
}
