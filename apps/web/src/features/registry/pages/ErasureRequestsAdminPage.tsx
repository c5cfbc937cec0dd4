import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUPPLIER_ERASURE_STATUSES,
  type SupplierErasureRequest,
  type SupplierErasureStatus,
} from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { OperatorList, useStatusTabs } from '../../../components/OperatorList.tsx';
import { translateCode } from '../../../lib/error-codes.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { carryOutErasure, ERASURE_PAGE_SIZE, ERASURES_KEY, erasuresQuery } from '../api/erasures.ts';

const TABS = SUPPLIER_ERASURE_STATUSES as readonly [SupplierErasureStatus, ...SupplierErasureStatus[]];

/**
 * Issue 18, data protection: suppliers' erasure requests for the operator, who carries them out (personal data
 * anonymised, the profile off the listing; what the law requires is kept, and each request says what).
 */
export function Component() {
  const { t } = useTranslation('registry');
  const { status, page, setStatus, setPage } = useStatusTabs(TABS);
  const list = useQuery(erasuresQuery(status, page));
  return (
    <OperatorList
      title={t('erasures.title')}
      tabs={{
        value: status,
        options: TABS.map((tab) => ({ value: tab, label: t(`erasures.status.${tab}`) })),
        onChange: setStatus,
      }}
      list={list}
      page={page}
      pageSize={ERASURE_PAGE_SIZE}
      onPageChange={setPage}
      empty={t('erasures.empty')}
    >
      {(rows) => rows.map((request) => <ErasureItem key={request.id} request={request} />)}
    </OperatorList>
  );
}

function ErasureItem({ request: r }: { request: SupplierErasureRequest }) {
  const { t, i18n } = useTranslation('registry');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const carryOut = useMutation({
    mutationFn: () => carryOutErasure(r.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('erasures.done'));
      void queryClient.invalidateQueries({ queryKey: ERASURES_KEY });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(error.message);
    },
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid={`erasure-${r.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4">
            {r.company_name}
          </Title>
          <Badge color={r.status === 'requested' ? 'orange' : 'gray'} variant="light">
            {t(`erasures.status.${r.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('erasures.requestedLine', { date: formatDate(r.requested_at, language) })}
          {r.carried_out_at &&
            ` · ${t('erasures.carriedOutLine', { date: formatDate(r.carried_out_at, language) })}`}
        </Text>
        {r.reason && <Text size="sm">{t('erasures.reason', { reason: r.reason })}</Text>}
        {r.kept.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('erasures.kept')}
            </Text>
            <List size="sm" spacing={2}>
              {r.kept.map((key) => (
                <List.Item key={key}>{translateCode(key) ?? key}</List.Item>
              ))}
            </List>
          </>
        )}
        {r.status === 'requested' && (
          <Button
            size="xs"
            color="red"
            w="fit-content"
            onClick={() => setConfirming(true)}
            data-testid={`erasure-carry-out-${r.id}`}
          >
            {t('erasures.carryOut')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('erasures.carryOut')}
        body={t('erasures.confirm')}
        confirmLabel={t('erasures.carryOut')}
        danger
        busy={carryOut.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => carryOut.mutate()}
      />
    </Paper>
  );
}
