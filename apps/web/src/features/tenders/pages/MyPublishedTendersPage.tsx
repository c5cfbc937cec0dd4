import {
  Anchor,
  Box,
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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobType, PublishedTender, Sector } from '@zabuni/contracts';
import { JOB_TYPES, PAGE_SIZE, SECTORS } from '@zabuni/contracts/constants';
import { pageCount, paymentLabel, reviewLabel } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  changeClosingDate,
  useMyPublishedTenders,
  withdrawTender,
  type PublishedTenderFilters,
} from '../api/published-tenders.ts';
import { ChangeClosingDialog, WithdrawDialog } from '../components/MyTenderDialogs.tsx';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { ListPagination } from '../components/ListPagination.tsx';
import { PaymentBadge, ReviewBadge, TenderStatusBadge } from '../components/StatusBadges.tsx';
import { jobTypeParam, positiveInt, sectorParam, withParams } from './url-params.ts';
import { StatusIcon } from '../../../components/Icon.tsx';

function readFilters(params: URLSearchParams): PublishedTenderFilters {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    search: params.get('search') ?? undefined,
    sector: sectorParam(params.get('sector')),
    job_type: jobTypeParam(params.get('job_type')),
  };
}

/** The title links to the bulletin only while the tender is public (`published` true). */
function TenderTitle({ tender }: { tender: PublishedTender }) {
  const live = reviewLabel(tender.published) === 'published';
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

/** Closed and unpaid, not withdrawn: it cannot be paid, but its date can change or it can be withdrawn. */
const closedUnpaid = (tender: PublishedTender) =>
  tender.status === 'closed' &&
  ['pending', 'failed'].includes(paymentLabel(tender.payment_status)) &&
  reviewLabel(tender.published) !== 'withdrawn';

interface Actions {
  onChange(tender: PublishedTender): void;
  onWithdraw(tender: PublishedTender): void;
}

/** Issue 16 point 2: what a closed unpaid tender offers instead of "Make Payment". */
function ClosedActions({
  tender,
  actions,
  full,
}: {
  tender: PublishedTender;
  actions: Actions;
  full?: boolean;
}) {
  const { t } = useTranslation(...PUBLISHING);
  if (!closedUnpaid(tender)) return null;
  return (
    <Stack gap={4} align={full ? 'stretch' : 'flex-start'} data-testid="closed-actions">
      <Text size="xs" c="dimmed" maw={full ? undefined : 220}>
        {t('mine.closedUnpaid')}
      </Text>
      {/* On a phone the two buttons stack, each as wide as the card (side by side they were cut off). */}
      <Box display="flex" style={{ flexDirection: full ? 'column' : 'row', flexWrap: 'wrap', gap: 6 }}>
        <Button
          size="xs"
          variant="light"
          onClick={() => actions.onChange(tender)}
          data-testid="change-closing"
        >
          {t('mine.changeDate')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => actions.onWithdraw(tender)}
          data-testid="withdraw"
        >
          {t('mine.withdraw')}
        </Button>
      </Box>
    </Stack>
  );
}

/** SPEC §4: Pending offers "Make Payment" (to the order’s checkout) while `can_pay` (not once the tender closed). */
function Payment({ tender, actions }: { tender: PublishedTender; actions: Actions }) {
  const { t } = useTranslation(...PUBLISHING);
  return (
    <Stack gap={4} align="flex-start">
      <PaymentBadge status={tender.payment_status} />
      <ClosedActions tender={tender} actions={actions} />
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
  const { t } = useTranslation(...PUBLISHING);
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
function CardStatus({ tender, actions }: { tender: PublishedTender; actions: Actions }) {
  const { t } = useTranslation(...PUBLISHING);
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
      <ClosedActions tender={tender} actions={actions} full />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation(...PUBLISHING);
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
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState<PublishedTender | null>(null);
  const [withdrawing, setWithdrawing] = useState<PublishedTender | null>(null);
  const done = (key: 'changed' | 'withdrawn') => {
    toast.success(t(`mine.done.${key}`));
    setChanging(null);
    setWithdrawing(null);
    void queryClient.invalidateQueries({ queryKey: ['tender-alerts'] });
  };
  const change = useMutation({
    mutationFn: (body: { id: number; tender_closing_date: string; closing_time: string }) =>
      changeClosingDate(body.id, {
        tender_closing_date: body.tender_closing_date,
        closing_time: body.closing_time,
      }),
    onSuccess: () => done('changed'),
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => withdrawTender(id),
    onSuccess: () => done('withdrawn'),
  });
  const actions: Actions = {
    onChange: (tender) => {
      change.reset();
      setChanging(tender);
    },
    onWithdraw: (tender) => {
      withdraw.reset();
      setWithdrawing(tender);
    },
  };

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
            icon={<StatusIcon name="inbox" />}
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
                        <Table.Td maw={230}>
                          <Text size="sm">
                            <ClosingDate value={tender.closing_date} />
                          </Text>
                        </Table.Td>
                        <Table.Td miw={110}>
                          <TenderStatusBadge status={tender.status} />
                        </Table.Td>
                        <Table.Td>
                          <Payment tender={tender} actions={actions} />
                        </Table.Td>
                        <Table.Td miw={130}>
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
                    <CardStatus tender={tender} actions={actions} />
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
      <ChangeClosingDialog
        tender={changing}
        busy={change.isPending}
        error={change.error}
        onClose={() => setChanging(null)}
        onConfirm={(value) => changing && change.mutate({ id: changing.id, ...value })}
      />
      <WithdrawDialog
        tender={withdrawing}
        busy={withdraw.isPending}
        error={withdraw.error}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id)}
      />
    </Container>
  );
}
