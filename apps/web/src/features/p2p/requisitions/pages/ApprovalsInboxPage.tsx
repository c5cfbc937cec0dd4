import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BULK_APPROVAL_LIMIT } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { formatDate, formatRelative } from '../../../../lib/format.ts';
import { translateCode } from '../../../../lib/error-codes.ts';
import { loadErrorMessages } from '../../../../lib/i18n.ts';
import { failureText } from '../../../../lib/form-errors.ts';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import {
  bulkApprove,
  INBOX_PATH,
  inboxKey,
  inboxQuery,
  PAGE_SIZE,
  type BulkResult,
  type Decision,
  type InboxItem,
} from '../api.ts';
import { stepOf } from '../approval-steps.ts';
import { DecisionModal } from '../components/DecisionModal.tsx';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { withParams } from '../list-filters.ts';
import { formatAmount } from '../../../../lib/money.ts';
import { exportAmount, exportInstant } from '../../../../components/data-table/export.ts';
import { StatusIcon } from '../../../../components/Icon.tsx';

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : 1;
};

/**
 * `/app/p2p/approvals`: everything waiting for my decision (requisitions, purchase orders, invoices), one
 * at a time or small ones together; each row links to its document.
 */
export function Component() {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('inbox.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'));
  const inbox = useQuery(inboxQuery(page));
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [acting, setActing] = useState<{ item: InboxItem; decision: Decision } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [bulkResults, setBulkResults] = useState<BulkResult[] | null>(null);
  /** The items the confirmation lists (kept while the list refreshes under the results). */
  const [bulkItems, setBulkItems] = useState<InboxItem[]>([]);

  const rows = inbox.data?.results;
  const chosen = (rows ?? []).filter((row) => selected.has(inboxKey(row)) && row.bulk_approvable === true);
  const money = (row: InboxItem) => formatAmount(row.total, row.currency, language);

  const columns: DataColumn<InboxItem>[] = [
    {
      key: 'number',
      header: t('inbox.columns.document'),
      width: 170,
      sortValue: (row) => row.number,
      render: (row) => {
        const { step, of } = stepOf(row.step, row.route);
        return (
          <Stack gap={2} align="flex-start">
            <Anchor
              component={Link}
              to={row.path}
              fw={600}
              size="sm"
              style={{ whiteSpace: 'nowrap' }}
              data-testid="inbox-link"
            >
              {row.number}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t(`inbox.types.${row.document_type}`)}
            </Text>
            {/* Phones: one column of what matters, the decision beside it. */}
            <Stack gap={2} hiddenFrom="sm">
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </Text>
              <Text size="xs" c="dimmed">
                {row.requester.name}
              </Text>
              <Text size="sm" fw={600}>
                {money(row)}
              </Text>
              <Text size="xs">{t('inbox.stepOf', { step, of })}</Text>
            </Stack>
          </Stack>
        );
      },
      exportValue: (row) => row.number,
    },
    {
      key: 'title',
      header: t('list.columns.title'),
      width: 220,
      hideOnMobile: true,
      sortValue: (row) => row.title,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Text>
          <Text size="xs" c="dimmed" data-testid="inbox-requester">
            {row.requester.name}
          </Text>
        </Stack>
      ),
      exportValue: (row) => `${row.title} (${row.requester.name})`,
    },
    {
      key: 'total',
      header: t('list.columns.total'),
      align: 'right',
      width: 140,
      hideOnMobile: true,
      sortValue: (row) => Number(row.total),
      render: (row) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {money(row)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.total),
      exportCurrency: (row) => row.currency,
    },
    {
      key: 'step',
      header: t('inbox.columns.step'),
      width: 150,
      hideOnMobile: true,
      sortValue: (row) => row.step,
      render: (row) => {
        const { step, of } = stepOf(row.step, row.route);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="inbox-step">
              {t('inbox.stepOf', { step, of })}
            </Text>
            {row.route[row.step - 1] && (
              <Text size="xs" c="dimmed" lineClamp={2} title={row.route.join('\n')}>
                {row.route[row.step - 1]}
              </Text>
            )}
          </Stack>
        );
      },
      exportValue: (row) => t('inbox.stepOf', stepOf(row.step, row.route)),
    },
    {
      key: 'submitted_at',
      header: t('inbox.columns.waiting'),
      width: 110,
      hideOnMobile: true,
      sortValue: (row) => row.submitted_at,
      render: (row) =>
        row.submitted_at ? (
          <Text
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            title={formatDate(row.submitted_at, language, true)}
          >
            {formatRelative(row.submitted_at, language)}
          </Text>
        ) : (
          '—'
        ),
      exportValue: (row) => exportInstant(row.submitted_at),
    },
    {
      key: 'actions',
      header: <span>{t('inbox.columns.actions')}</span>,
      width: 120,
      render: (row) =>
        row.document_type !== 'requisition' ? (
          // Orders and invoices are decided on their own page (approve, or reject with a reason).
          <Button
            size="compact-sm"
            variant="light"
            component={Link}
            to={row.path}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
            aria-label={t('inbox.openLabel', { number: row.number })}
            data-testid="inbox-open"
          >
            {t('inbox.open')}
          </Button>
        ) : (
          // The menu's items live in a portal: React still bubbles their clicks to the row, which would open it.
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            <Button
              size="compact-sm"
              color="green"
              onClick={() => setActing({ item: row, decision: 'approve' })}
              aria-label={t('inbox.actionLabel.approve', { number: row.number })}
              data-testid="inbox-approve"
            >
              {t('actions.approve')}
            </Button>
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="default"
                  size={26}
                  aria-label={t('inbox.moreLabel', { number: row.number })}
                  title={t('inbox.more')}
                  data-testid="inbox-more"
                >
                  <Text component="span" fw={700} lh={1} aria-hidden>
                    ⋯
                  </Text>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  color="orange"
                  onClick={() => setActing({ item: row, decision: 'return' })}
                  data-testid="inbox-return"
                >
                  {t('inbox.actionLabel.return', { number: row.number })}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  onClick={() => setActing({ item: row, decision: 'reject' })}
                  data-testid="inbox-reject"
                >
                  {t('inbox.actionLabel.reject', { number: row.number })}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ),
    },
  ];

  const closeBulk = () => {
    setBulkOpen(false);
    setBulkResults(null);
  };

  const runBulk = async () => {
    setBulkBusy(true);
    try {
      const { results } = await bulkApprove(
        bulkItems.map((row) => ({ document_type: row.document_type, id: row.id, step: row.step })),
      );
      // Each item's outcome is a catalogue message: its translations come with the errors namespace.
      await loadErrorMessages();
      setBulkResults(results);
      const approved = results.filter((r) => r.ok).length;
      const failed = results.length - approved;
      if (failed === 0) toast.success(t('inbox.bulk.allDone', { count: approved }));
      else toast.warn(t('inbox.bulk.someFailed', { approved, failed }));
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: ['p2p'] });
    } catch (failure) {
      toast.error(failureText(failure));
    } finally {
      setBulkBusy(false);
    }
  };

  const numberOf = (result: BulkResult) =>
    bulkItems.find((row) => inboxKey(row) === inboxKey(result))?.number ?? `#${result.id}`;

  const toolbar = (
    <Group gap="sm" align="center" wrap="wrap">
      <Button
        color="green"
        disabled={chosen.length === 0}
        onClick={() => {
          setBulkResults(null);
          setBulkItems(chosen);
          setBulkOpen(true);
        }}
        data-testid="bulk-approve"
      >
        {t('inbox.bulk.button', { count: chosen.length })}
      </Button>
      <Text size="xs" c="dimmed" maw={420}>
        {t('inbox.bulk.hint', {
          limit: formatAmount(BULK_APPROVAL_LIMIT.amount, BULK_APPROVAL_LIMIT.currency, language),
        })}
      </Text>
    </Group>
  );

  return (
    <PageFrame testId="approvals-page">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('inbox.title')}
        </Title>
        <Text c="dimmed">{t('inbox.lead')}</Text>
      </Stack>
      <DataTable<InboxItem>
        columns={columns}
        rows={rows}
        rowKey={inboxKey}
        error={inbox.isError && !inbox.data ? inbox.error.message : null}
        empty={
          <StatusMessage
            icon={<StatusIcon name="checkCircle" />}
            title={t('inbox.empty')}
            body={t('inbox.emptyBody')}
            action={{ label: t('list.title'), onClick: () => void navigate('/app/p2p/requisitions') }}
          />
        }
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: inbox.data?.count ?? 0,
          onPageChange: (next) => setParams((current) => withParams(current, { page: next })),
        }}
        selection={{
          selected,
          onChange: setSelected,
          isSelectable: (row) => row.bulk_approvable === true,
          label: (row) => `${row.number} ${row.title}`,
        }}
        onRowClick={(row) => void navigate(row.path)}
        toolbar={rows && rows.length > 0 ? toolbar : undefined}
        export={{
          fileName: t('inbox.exportName'),
          fetchAll: () => fetchAllPages<InboxItem>(INBOX_PATH, {}),
        }}
        caption={t('inbox.title')}
        data-testid="approvals-table"
      />

      <DecisionModal
        target={
          acting
            ? {
                id: acting.item.id,
                number: acting.item.number,
                title: acting.item.title,
                step: acting.item.step,
              }
            : null
        }
        decision={acting?.decision ?? 'approve'}
        onClose={() => setActing(null)}
        onDone={() => {
          if (acting) {
            const next = new Set(selected);
            next.delete(inboxKey(acting.item));
            setSelected(next);
          }
          setActing(null);
        }}
      />

      <Modal
        opened={bulkOpen}
        onClose={closeBulk}
        title={
          bulkResults
            ? t('inbox.bulk.resultsTitle')
            : t('inbox.bulk.confirmTitle', { count: bulkItems.length })
        }
        centered
        size="lg"
        data-testid="bulk-modal"
      >
        <Stack gap="md">
          {bulkResults === null ? (
            <>
              <Text size="sm">{t('inbox.bulk.confirmBody')}</Text>
              <Table.ScrollContainer minWidth={0}>
                <Table verticalSpacing={4} data-testid="bulk-list">
                  <Table.Tbody>
                    {bulkItems.map((row) => (
                      <Table.Tr key={inboxKey(row)}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                          {row.number}
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.title}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {money(row)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={closeBulk} disabled={bulkBusy}>
                  {t('actions.back')}
                </Button>
                <Button
                  color="green"
                  loading={bulkBusy}
                  onClick={() => void runBulk()}
                  data-testid="bulk-confirm"
                >
                  {t('inbox.bulk.confirm', { count: bulkItems.length })}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Stack
                gap={6}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                data-testid="bulk-results"
              >
                {bulkResults.map((result) => (
                  <Group
                    key={inboxKey(result)}
                    component="li"
                    gap="sm"
                    wrap="nowrap"
                    align="flex-start"
                    data-testid="bulk-result"
                    data-ok={result.ok}
                  >
                    <Badge
                      color={result.ok ? 'green' : 'red'}
                      variant="light"
                      tt="none"
                      radius="sm"
                      style={{ flexShrink: 0 }}
                    >
                      {result.ok ? t('inbox.bulk.ok') : t('inbox.bulk.failed')}
                    </Badge>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span fw={600} size="sm">
                        {numberOf(result)}
                      </Text>
                      {result.detail
                        ? ` — ${(result.code && translateCode(result.code, result.params)) || result.detail}`
                        : ''}
                    </Text>
                  </Group>
                ))}
              </Stack>
              <Group justify="flex-end">
                <Button onClick={closeBulk} data-testid="bulk-close">
                  {t('inbox.bulk.close')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </PageFrame>
  );
}
