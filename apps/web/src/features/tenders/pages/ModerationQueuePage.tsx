import { Button, Container, Group, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationTender } from '@zabuni/contracts';
import { pageCount } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ModerationNav } from '../../../components/ModerationNav.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  MODERATION_PAGE_SIZE,
  moderationApi,
  REVIEW_TABS,
  useModerationQueue,
  type ReviewFilter,
} from '../api/moderation.ts';
import { ListPagination } from '../components/ListPagination.tsx';
import { CancelDialog, RejectDialog } from '../components/ModerationDialogs.tsx';
import { ModerationItem, type ModerationAction } from '../components/ModerationItem.tsx';
import { positiveInt, withParams } from './url-params.ts';
import { StatusIcon } from '../../../components/Icon.tsx';

const reviewParam = (value: string | null): ReviewFilter =>
  REVIEW_TABS.find((tab) => tab === value) ?? 'under_review';

type Command =
  { action: 'approve' | 'cancel'; id: number } | { action: 'reject'; id: number; reason: string };

/** Moderators review submitted tenders: approve, reject with a reason, cancel a published one, edit any. */
export function Component() {
  const { t } = useTranslation(...PUBLISHING);
  usePageTitle(t('moderation.title'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const review = reviewParam(params.get('review'));
  const filters = {
    review,
    page: positiveInt(params.get('page')) ?? 1,
    search: params.get('search') ?? undefined,
  };
  const queue = useModerationQueue(filters);
  const [search, setSearch] = useState(filters.search ?? '');
  const pushSearch = useDebouncedCallback(
    (value: string) => setParams(withParams(params, { search: value.trim() || undefined })),
    400,
  );
  const [rejecting, setRejecting] = useState<ModerationTender | null>(null);
  const [cancelling, setCancelling] = useState<ModerationTender | null>(null);

  const command = useMutation({
    mutationFn: (cmd: Command) =>
      cmd.action === 'reject'
        ? moderationApi.reject(cmd.id, cmd.reason)
        : cmd.action === 'approve'
          ? moderationApi.approve(cmd.id)
          : moderationApi.cancel(cmd.id),
    onSuccess: (_, cmd) => {
      toast.success(t(`moderation.done.${cmd.action}`));
      setRejecting(null);
      setCancelling(null);
      // The queue, the public bulletin and the advertisers' lists all change.
      void queryClient.invalidateQueries({ queryKey: ['tender-alerts'] });
    },
  });
  const busyId = command.isPending ? command.variables.id : null;

  const onAction = (action: ModerationAction, tender: ModerationTender) => {
    if (action === 'reject') setRejecting(tender);
    else if (action === 'cancel') setCancelling(tender);
    else command.mutate({ action: 'approve', id: tender.id });
  };

  const rows = queue.data?.results ?? [];
  const totalPages = pageCount(queue.data?.count ?? 0, MODERATION_PAGE_SIZE);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ModerationNav />
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('moderation.title')}
            </Title>
            <Text c="dimmed">{t('moderation.lead')}</Text>
          </Stack>
          <Button component={Link} to="/moderation/tenders/new">
            {t('moderation.new')}
          </Button>
        </Group>

        <Tabs
          value={review}
          onChange={(value) => {
            setSearch('');
            setParams(value && value !== 'under_review' ? { review: value } : {});
          }}
        >
          <Tabs.List>
            {REVIEW_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
                {t(`review.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        <TextInput
          label={t('filters.search')}
          placeholder={t('moderation.searchPlaceholder')}
          type="search"
          value={search}
          maw={480}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            pushSearch(event.currentTarget.value);
          }}
        />

        {queue.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.count', { count: queue.data.count })}
          </Text>
        )}

        {queue.isPending && (
          <Stack gap="sm" aria-busy>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </Stack>
        )}

        {queue.isError && !queue.data && (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={queue.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void queue.refetch() }}
          />
        )}

        {queue.data && rows.length === 0 && (
          <StatusMessage icon={<StatusIcon name="checkCircle" />} title={t(`moderation.empty.${review}`)} />
        )}

        <Stack gap="sm" style={{ opacity: queue.isPlaceholderData ? 0.6 : 1 }} data-testid="moderation-list">
          {rows.map((tender) => (
            <ModerationItem key={tender.id} tender={tender} busy={busyId === tender.id} onAction={onAction} />
          ))}
        </Stack>

        <ListPagination
          page={filters.page}
          totalPages={totalPages}
          onChange={(page) => setParams(withParams(params, { page }))}
        />
      </Stack>

      <RejectDialog
        key={rejecting?.id ?? 'none'}
        tender={rejecting}
        busy={command.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && command.mutate({ action: 'reject', id: rejecting.id, reason })}
      />
      <CancelDialog
        tender={cancelling}
        busy={command.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && command.mutate({ action: 'cancel', id: cancelling.id })}
      />
    </Container>
  );
}
