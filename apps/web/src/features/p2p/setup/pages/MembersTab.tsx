import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memberInvitation } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { setupKey } from '../api/keys.ts';
import { displayName, membersApi, useMembers, type Member } from '../api/members.ts';
import { errorText, NS, ReadOnlyNotice, useIsOrgAdmin, useMessage } from '../components/shared.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { useClientTable } from '../model/client-table.ts';
import { BUYER_ROLES } from '../model/workflow-form.ts';

/** Users and roles: the organisation's members, one row per person, with their roles there. */
export function Component() {
  const { t } = useTranslation(NS);
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const members = useMembers(organisationId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Member | null>(null);
  const [inviting, setInviting] = useState(false);
  const roleLabel = (role: string) => t(`roles.${role}`, { ns: 'platform', defaultValue: role });

  const text = search.trim().toLowerCase();
  const rows =
    members.data && text
      ? members.data.filter((m) =>
          [displayName(m), m.email, ...m.roles.map(roleLabel)].some((v) => v.toLowerCase().includes(text)),
        )
      : members.data;

  const columns: DataColumn<Member>[] = [
    {
      key: 'name',
      header: t('members.fields.name'),
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {displayName(m)}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            {m.email}
          </Text>
        </Stack>
      ),
      sortValue: (m) => displayName(m),
      exportValue: (m) => displayName(m),
      width: 160,
    },
    {
      key: 'email',
      header: t('members.fields.email'),
      render: (m) => m.email,
      sortValue: (m) => m.email,
      exportValue: (m) => m.email,
      width: 220,
      hideOnMobile: true,
    },
    {
      key: 'roles',
      header: t('members.fields.roles'),
      render: (m) => (
        <Group gap={4} wrap="wrap" data-testid={`member-roles-${m.userId}`}>
          {m.roles.map((role) => (
            <Badge
              key={role}
              variant="light"
              color={role === 'org_admin' ? 'brand' : 'gray'}
              tt="none"
              fw={500}
            >
              {roleLabel(role)}
            </Badge>
          ))}
        </Group>
      ),
      exportValue: (m) => m.roles.map(roleLabel).join(', '),
      width: 200,
    },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            header: t('columns.actions'),
            render: (m: Member) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setEditing(m)}
                aria-label={t('members.manageNamed', { name: displayName(m) })}
                data-testid={`member-roles-edit-${m.userId}`}
              >
                {t('members.manage')}
              </Button>
            ),
            width: 120,
            hideOnMobile: true,
          } satisfies DataColumn<Member>,
        ]
      : []),
  ];
  const table = useClientTable(rows, columns);

  return (
    <Stack gap="md" data-testid="members-tab">
      {!isAdmin && <ReadOnlyNotice>{t('setup.readOnly')}</ReadOnlyNotice>}
      <DataTable<Member>
        columns={table.columns}
        rows={table.rows}
        rowKey={(m) => m.userId}
        error={members.isError ? members.error.message : null}
        sort={table.sort}
        onSortChange={table.onSortChange}
        pagination={table.pagination}
        onRowClick={isAdmin ? (m) => setEditing(m) : undefined}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <TextInput
              placeholder={t('members.search')}
              aria-label={t('members.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', xs: 240 }}
            />
            {isAdmin && (
              <Button onClick={() => setInviting(true)} data-testid="member-invite">
                {t('members.invite')}
              </Button>
            )}
          </Group>
        }
        empty={<StatusMessage title={search ? t('members.noMatch') : t('members.empty')} />}
        export={{
          fileName: 'members',
          fetchAll: async () => table.all ?? [],
        }}
        caption={t('setup.tabs.members')}
        data-testid="members-table"
      />
      {editing && (
        <RolesModal organisationId={organisationId} member={editing} onClose={() => setEditing(null)} />
      )}
      {inviting && <InviteModal organisationId={organisationId} onClose={() => setInviting(false)} />}
    </Stack>
  );
}

function RolesModal({
  organisationId,
  member,
  onClose,
}: {
  organisationId: number;
  member: Member;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const { me } = usePlatform();
  const [chosen, setChosen] = useState<Set<string>>(new Set(member.roles));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const roleLabel = (role: string) => t(`roles.${role}`, { ns: 'platform', defaultValue: role });
  const granted = [...chosen].filter((role) => !member.roles.includes(role));
  const revoked = member.roles.filter((role) => !chosen.has(role));
  const selfAdminLoss = member.userId === me.id && revoked.includes('org_admin');

  const apply = async () => {
    setBusy(true);
    try {
      for (const role of granted) await membersApi.grant(member.userId, organisationId, role);
      for (const role of revoked) await membersApi.revoke(member.userId, organisationId, role);
      toast.success(t('members.rolesSaved', { name: displayName(member) }));
      onClose();
    } catch (failure) {
      toast.error(message(errorText(failure)));
    } finally {
      setBusy(false);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'members') });
    }
  };

  return (
    <>
      <Modal
        opened={!confirming}
        onClose={onClose}
        title={t('members.rolesTitle', { name: displayName(member) })}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <Stack gap="sm" data-testid="roles-form">
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {BUYER_ROLES.map((role) => (
              <Checkbox
                key={role}
                label={roleLabel(role)}
                checked={chosen.has(role)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.currentTarget.checked) next.add(role);
                  else next.delete(role);
                  setChosen(next);
                }}
                data-testid={`role-${role}`}
              />
            ))}
          </SimpleGrid>
          {selfAdminLoss && (
            <Alert color="orange" variant="light">
              {t('members.selfAdminWarning')}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button
              disabled={granted.length === 0 && revoked.length === 0}
              loading={busy}
              onClick={() => (revoked.length > 0 ? setConfirming(true) : void apply())}
              data-testid="roles-save"
            >
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title={t('members.revokeTitle')}
        body={t('members.revokeBody', {
          name: displayName(member),
          roles: revoked.map(roleLabel).join(', '),
        })}
        confirmLabel={t('members.revoke')}
        danger
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void apply()}
      />
    </>
  );
}

const inviteSchema = memberInvitation.omit({ organisation_id: true });
type InviteValues = z.input<typeof inviteSchema>;

function InviteModal({ organisationId, onClose }: { organisationId: number; onClose(): void }) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const form = useForm<InviteValues, unknown, z.output<typeof inviteSchema>>({
    resolver: contractResolver<InviteValues, z.output<typeof inviteSchema>>(inviteSchema),
    defaultValues: { email: '', first_name: '', last_name: '', roles: ['requester'] },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await membersApi.invite({ ...values, organisation_id: organisationId });
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'members') });
      toast.success(message(answer.detail) ?? t('members.invited', { email: values.email }));
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, ['email', 'first_name', 'last_name', 'roles']))
        toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('members.inviteTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="invite-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('members.inviteHint')}
          </Text>
          <TextInput
            label={t('members.fields.email')}
            type="email"
            required
            autoComplete="off"
            error={message(errors.email?.message)}
            {...form.register('email')}
            data-autofocus
            data-testid="invite-email"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('members.fields.firstName')}
              required
              maxLength={100}
              error={message(errors.first_name?.message)}
              {...form.register('first_name')}
              data-testid="invite-first-name"
            />
            <TextInput
              label={t('members.fields.lastName')}
              required
              maxLength={100}
              error={message(errors.last_name?.message)}
              {...form.register('last_name')}
              data-testid="invite-last-name"
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <MultiSelect
                label={t('members.fields.roles')}
                required
                data={BUYER_ROLES.map((role) => ({
                  value: role,
                  label: t(`roles.${role}`, { ns: 'platform' }),
                }))}
                value={field.value}
                onChange={field.onChange}
                error={message(errors.roles?.message)}
                comboboxProps={{ withinPortal: true }}
                data-testid="invite-roles"
              />
            )}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="invite-send">
              {t('members.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
