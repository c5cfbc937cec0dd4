import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { delegationForm, type DelegationForm } from '@zabuni/contracts';
import { nairobiDate } from '@zabuni/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { formatDate } from '../../../../lib/format.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import {
  delegationsApi,
  DELEGATIONS_PAGE_SIZE,
  useDelegations,
  type Delegation,
} from '../api/delegations.ts';
import { setupKey } from '../api/keys.ts';
import { displayName, useMembers, type Member } from '../api/members.ts';
import { ApprovalSettingsCard } from '../components/ApprovalSettingsCard.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { errorText, NS, useIsOrgAdmin, useMessage } from '../components/shared.tsx';

/**
 * Delegations: while someone is away, another member approves for them. Members see and manage their own;
 * organisation administrators see everyone's and may set one for anybody.
 */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const { current, me } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const [page, setPage] = useState(1);
  const [currentOnly, setCurrentOnly] = useState(true);
  const delegations = useDelegations(organisationId, page, currentOnly);
  const members = useMembers(organisationId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Delegation | null>(null);
  const [busy, setBusy] = useState(false);
  const language = i18n.resolvedLanguage ?? 'en';
  const day = (value: string) => formatDate(`${value}T12:00:00Z`, language);
  const canRemove = (d: Delegation) => isAdmin || d.delegator.id === me.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'delegations') });

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await delegationsApi.remove(removing.id);
      await refresh();
      toast.success(t('delegations.removed'));
      setRemoving(null);
    } catch (failure) {
      toast.error(message(errorText(failure)));
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<Delegation>[] = [
    {
      key: 'delegator',
      header: t('delegations.fields.delegator'),
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {d.delegator.name}
          </Text>
          <Text size="xs" hiddenFrom="sm">
            → {d.delegate.name}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {t('delegations.periodText', { from: day(d.starts_on), to: day(d.ends_on) })}
          </Text>
        </Stack>
      ),
      exportValue: (d) => d.delegator.name,
      width: 150,
    },
    {
      key: 'delegate',
      header: t('delegations.fields.delegate'),
      render: (d) => d.delegate.name,
      exportValue: (d) => d.delegate.name,
      width: 170,
      hideOnMobile: true,
    },
    {
      key: 'period',
      header: t('delegations.fields.period'),
      render: (d) => (
        <Text size="sm">{t('delegations.periodText', { from: day(d.starts_on), to: day(d.ends_on) })}</Text>
      ),
      exportValue: (d) => `${d.starts_on} – ${d.ends_on}`,
      width: 220,
      hideOnMobile: true,
    },
    {
      key: 'reason',
      header: t('delegations.fields.reason'),
      render: (d) => (
        <Text size="sm" c={d.reason ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {d.reason || '—'}
        </Text>
      ),
      exportValue: (d) => d.reason,
      width: 200,
      hideOnMobile: true,
    },
    {
      key: 'status',
      header: t('delegations.fields.status'),
      render: (d) => (
        <Badge variant="light" color={d.active ? 'green' : 'gray'} tt="none">
          {d.active
            ? t('delegations.status.active')
            : d.ends_on < nairobiDate(new Date())
              ? t('delegations.status.past')
              : t('delegations.status.upcoming')}
        </Badge>
      ),
      width: 100,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (d) =>
        canRemove(d) && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => setRemoving(d)}
            aria-label={t('delegations.removeNamed', { from: d.delegator.name, to: d.delegate.name })}
            data-testid={`delegation-remove-${d.id}`}
          >
            {t('delegations.remove')}
          </Button>
        ),
      width: 100,
    },
  ];

  return (
    <Stack gap="md" data-testid="delegations-tab">
      <ApprovalSettingsCard organisationId={organisationId} />
      <Text size="sm" c="dimmed" maw={760}>
        {isAdmin ? t('delegations.descriptionAdmin') : t('delegations.description')}
      </Text>
      <DataTable<Delegation>
        columns={columns}
        rows={delegations.data?.results}
        rowKey={(d) => d.id}
        error={delegations.isError ? delegations.error.message : null}
        pagination={
          delegations.data
            ? { page, pageSize: DELEGATIONS_PAGE_SIZE, count: delegations.data.count, onPageChange: setPage }
            : undefined
        }
        toolbar={
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => setAdding(true)} data-testid="delegation-add">
              {t('delegations.add')}
            </Button>
            <Switch
              label={t('delegations.includePast')}
              checked={!currentOnly}
              onChange={(event) => {
                setCurrentOnly(!event.currentTarget.checked);
                setPage(1);
              }}
            />
          </Group>
        }
        empty={
          <StatusMessage
            title={t('delegations.empty.title')}
            body={t('delegations.empty.body')}
            action={{ label: t('delegations.add'), onClick: () => setAdding(true) }}
          />
        }
        caption={t('setup.tabs.delegations')}
        data-testid="delegations-table"
      />
      {adding && (
        <DelegationModal
          isAdmin={isAdmin}
          meId={me.id}
          members={members.data ?? []}
          onSaved={refresh}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('delegations.removeTitle')}
        body={
          removing
            ? t('delegations.removeBody', { from: removing.delegator.name, to: removing.delegate.name })
            : ''
        }
        confirmLabel={t('delegations.remove')}
        danger
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}

type DelegationValues = Omit<z.input<typeof delegationForm>, 'delegate_id'> & { delegate_id: number | null };

function DelegationModal({
  isAdmin,
  meId,
  members,
  onSaved,
  onClose,
}: {
  isAdmin: boolean;
  meId: number;
  members: readonly Member[];
  onSaved(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const today = nairobiDate(new Date());
  const form = useForm<DelegationValues, unknown, DelegationForm>({
    resolver: contractResolver<DelegationValues, DelegationForm>(delegationForm),
    defaultValues: { delegator_id: meId, delegate_id: null, starts_on: today, ends_on: today, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const delegatorId = useWatch({ control: form.control, name: 'delegator_id' });
  const options = (exclude: number | undefined) =>
    members
      .filter((m) => m.userId !== exclude)
      .map((m) => ({ value: String(m.userId), label: `${displayName(m)} (${m.email})` }));
  const submit = form.handleSubmit(async (values) => {
    try {
      // Someone else's delegation is for administrators; the API takes the caller when none is named.
      const body = isAdmin && values.delegator_id !== meId ? values : { ...values, delegator_id: undefined };
      await delegationsApi.create(body);
      await onSaved();
      toast.success(t('delegations.created'));
      onClose();
    } catch (failure) {
      if (
        applyServerErrors(failure, form.setError, [
          'delegator_id',
          'delegate_id',
          'starts_on',
          'ends_on',
          'reason',
        ])
      )
        toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('delegations.addTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="delegation-form">
        <Stack gap="sm">
          {isAdmin ? (
            <Controller
              control={form.control}
              name="delegator_id"
              render={({ field }) => (
                <Select
                  label={t('delegations.fields.delegator')}
                  description={t('delegations.fields.delegatorHint')}
                  data={options(undefined)}
                  value={field.value ? String(field.value) : null}
                  onChange={(value) => field.onChange(value ? Number(value) : meId)}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage={t('form.nothingFound')}
                  error={message(errors.delegator_id?.message)}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="delegation-delegator"
                />
              )}
            />
          ) : (
            <Text size="sm">{t('delegations.forYou')}</Text>
          )}
          <Controller
            control={form.control}
            name="delegate_id"
            render={({ field }) => (
              <Select
                label={t('delegations.fields.delegate')}
                description={t('delegations.fields.delegateHint')}
                placeholder={t('form.choose')}
                required
                data={options(delegatorId)}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : null)}
                searchable
                nothingFoundMessage={t('form.nothingFound')}
                error={message(errors.delegate_id?.message)}
                comboboxProps={{ withinPortal: true }}
                data-testid="delegation-delegate"
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t('delegations.fields.startsOn')}
              required
              min={today}
              error={message(errors.starts_on?.message)}
              {...form.register('starts_on')}
              data-testid="delegation-starts-on"
            />
            <TextInput
              type="date"
              label={t('delegations.fields.endsOn')}
              description={t('delegations.fields.inclusive')}
              required
              min={today}
              error={message(errors.ends_on?.message)}
              {...form.register('ends_on')}
              data-testid="delegation-ends-on"
            />
          </SimpleGrid>
          <Textarea
            label={t('delegations.fields.reason')}
            placeholder={t('delegations.fields.reasonPlaceholder')}
            maxLength={300}
            autosize
            minRows={2}
            error={message(errors.reason?.message)}
            {...form.register('reason')}
            data-testid="delegation-reason"
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="delegation-save">
              {t('delegations.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
