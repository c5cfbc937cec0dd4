import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUPPLIER_REGISTRATION_STATUSES,
  type SupplierRegistration,
  type SupplierRegistrationStatus,
} from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OperatorList, useStatusTabs } from '../../../components/OperatorList.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { REGISTRATION_PAGE_SIZE, registrationsApi, registrationsQuery } from '../api/registry.ts';

const FIRST: SupplierRegistrationStatus = 'under_review';
const TABS: readonly [SupplierRegistrationStatus, ...SupplierRegistrationStatus[]] = [
  FIRST,
  ...SUPPLIER_REGISTRATION_STATUSES.filter((s) => s !== FIRST),
];

/** The operator's review queue of supplier self-registrations (issue 18): approve, or reject with a reason. */
export function Component() {
  const { t } = useTranslation('registry');
  const { status, page, setStatus, setPage } = useStatusTabs(TABS);
  const list = useQuery(registrationsQuery(status, page));
  return (
    <OperatorList
      title={t('admin.title')}
      tabs={{
        value: status,
        options: TABS.map((tab) => ({ value: tab, label: t(`admin.status.${tab}`) })),
        onChange: setStatus,
      }}
      list={list}
      page={page}
      pageSize={REGISTRATION_PAGE_SIZE}
      onPageChange={setPage}
      empty={t('admin.empty')}
    >
      {(rows) =>
        rows.map((registration) => <RegistrationItem key={registration.id} registration={registration} />)
      }
    </OperatorList>
  );
}

function RegistrationItem({ registration: r }: { registration: SupplierRegistration }) {
  const { t, i18n } = useTranslation('registry');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['supplier-directory', 'moderation', 'registrations'] });
  const approve = useMutation({
    mutationFn: () => registrationsApi.approve(r.id),
    onSuccess: () => {
      toast.success(t('admin.approved'));
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: () => registrationsApi.reject(r.id, reason),
    onSuccess: () => {
      toast.success(t('admin.rejected'));
      refresh();
    },
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid={`registration-${r.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4">
            {r.company_name}
          </Title>
          <Badge color={r.pin_check === 'verified' ? 'teal' : 'orange'} variant="light">
            {t(`admin.pin.${r.pin_check}`)}
          </Badge>
        </Group>
        <Text size="sm">{t('admin.pinLine', { pin: r.kra_tax_pin, name: r.pin_name ?? '—' })}</Text>
        <Text size="sm">
          {r.first_name} {r.last_name} · {r.email} · {r.phone}
        </Text>
        <Text size="sm" c="dimmed">
          {r.city}, {r.country} · {r.categories.map((c) => c.name).join(', ')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('admin.meta', {
            date: formatDate(r.created_at, language),
            version: r.terms_version,
          })}
        </Text>
        {r.reason && <Text size="sm">{t('admin.reason', { reason: r.reason })}</Text>}
        {r.status === 'under_review' && (
          <Stack gap="xs">
            <Group gap="xs">
              <Button size="xs" loading={approve.isPending} onClick={() => approve.mutate()}>
                {t('admin.approve')}
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => setRejecting((v) => !v)}>
                {t('admin.reject')}
              </Button>
            </Group>
            {rejecting && (
              <Stack gap="xs">
                <Textarea
                  label={t('admin.reasonLabel')}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  maxLength={1000}
                  autosize
                  minRows={2}
                />
                <Button
                  size="xs"
                  color="red"
                  w="fit-content"
                  disabled={reason.trim() === ''}
                  loading={reject.isPending}
                  onClick={() => reject.mutate()}
                >
                  {t('admin.confirmReject')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
