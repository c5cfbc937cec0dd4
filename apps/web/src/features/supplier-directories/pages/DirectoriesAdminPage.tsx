import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Country, ModerationDirectory, Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { OperatorList } from '../../../components/OperatorList.tsx';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  directoryOrdersQuery,
  moderationDirectoriesQuery,
  resendDelivery,
  saveDirectory,
  type DirectoryFormBody,
} from '../api/directories.ts';

/** The operator's supplier directories (issue 18): price, currency, texts, features and whether on sale. */
export function Component() {
  const { t, i18n } = useTranslation('directories');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(moderationDirectoriesQuery(page));
  const [editing, setEditing] = useState<ModerationDirectory | 'new' | null>(null);

  return (
    <OperatorList
      title={t('admin.title')}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="new-directory">
          {t('admin.new')}
        </Button>
      }
      list={list}
      page={page}
      pageSize={PAGE_SIZE.listing}
      onPageChange={(next) => setParams({ page: String(next) })}
      empty={t('admin.empty')}
      extra={
        <>
          <Orders language={language} />
          {editing && (
            <DirectoryDialog
              directory={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
            />
          )}
        </>
      }
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((directory) => (
            <Paper key={directory.id} withBorder radius="md" p="md" data-testid="admin-directory">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <CountryFlag src={directory.country.flag} name={directory.country.name} size={20} />
                  <Stack gap={0}>
                    <Text fw={600}>{directory.name}</Text>
                    <Text size="sm" c="dimmed">
                      {formatMoney(directory.amount, directory.currency.initials, language)} ·{' '}
                      {t('admin.paidOrders')}: {directory.paid_orders}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="sm">
                  <Badge color={directory.active ? 'teal' : 'gray'} variant="light" tt="none">
                    {directory.active ? t('admin.active') : t('admin.inactive')}
                  </Badge>
                  <Button size="xs" variant="light" onClick={() => setEditing(directory)}>
                    {t('admin.edit')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </OperatorList>
  );
}

type Field = 'country' | 'name' | 'description' | 'features' | 'currency' | 'amount';

function DirectoryDialog({ directory, onClose }: { directory: ModerationDirectory | null; onClose(): void }) {
  const { t } = useTranslation('directories');
  const queryClient = useQueryClient();
  const countries = useQuery({
    queryKey: ['core', 'countries', 'all'],
    queryFn: ({ signal }) => apiGet<Page<Country>>('/core/countries/', { page_size: 100 }, signal),
    staleTime: 3_600_000,
  });
  const [values, setValues] = useState({
    country: directory ? String(directory.country.id) : '',
    name: directory?.name ?? '',
    description: directory?.description ?? '',
    features: directory?.features.join('\n') ?? '',
    directory_format: directory?.directory_format ?? 'XLSX and CSV',
    software_requirements: directory?.software_requirements ?? '',
    os_requirements: directory?.os_requirements ?? '',
    currency: directory?.currency.initials ?? 'KES',
    amount: directory?.amount ?? 0,
    active: directory?.active ?? true,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (body: DirectoryFormBody) => saveDirectory(directory?.id ?? null, body),
    onSuccess: () => {
      toast.success(t('admin.saved'));
      void queryClient.invalidateQueries({ queryKey: ['supplier-directory'] });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: Partial<Record<Field, string>> = {};
      for (const field of ['country', 'name', 'description', 'features', 'currency', 'amount'] as const) {
        const text = error.messageFor(field);
        if (text) found[field] = text;
      }
      setErrors(found);
    },
  });
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      country: Number(values.country),
      name: values.name,
      description: values.description,
      features: values.features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      directory_format: values.directory_format,
      software_requirements: values.software_requirements,
      os_requirements: values.os_requirements,
      currency: values.currency,
      amount: Number(values.amount),
      active: values.active,
    });
  };
  return (
    <Modal opened onClose={onClose} title={directory ? directory.name : t('admin.new')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label={t('admin.country')}
            required
            value={values.country}
            onChange={set('country')}
            error={errors.country}
            data={[
              { value: '', label: '—' },
              ...(countries.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
          <TextInput
            label={t('admin.name')}
            required
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
          <Group grow>
            <TextInput
              label={t('admin.currency')}
              required
              maxLength={3}
              value={values.currency}
              onChange={set('currency')}
              error={errors.currency}
            />
            <NumberInput
              label={t('admin.amount')}
              required
              min={1}
              decimalScale={2}
              value={values.amount}
              onChange={(value) => setValues((current) => ({ ...current, amount: Number(value) || 0 }))}
              error={errors.amount}
            />
          </Group>
          <Textarea
            label={t('admin.description')}
            autosize
            minRows={3}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
          />
          <Textarea
            label={t('admin.features')}
            autosize
            minRows={3}
            value={values.features}
            onChange={set('features')}
            error={errors.features}
          />
          <TextInput
            label={t('admin.format')}
            value={values.directory_format}
            onChange={set('directory_format')}
          />
          <TextInput
            label={t('admin.software')}
            value={values.software_requirements}
            onChange={set('software_requirements')}
          />
          <TextInput label={t('admin.os')} value={values.os_requirements} onChange={set('os_requirements')} />
          <Switch
            label={t('admin.active')}
            checked={values.active}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              setValues((current) => ({ ...current, active: checked }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-directory">
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The newest directory orders; a paid one's links can be sent again (new links, 7 days from now). */
function Orders({ language }: { language: string }) {
  const { t } = useTranslation('directories');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const orders = useQuery(directoryOrdersQuery(search.trim()));
  const resend = useMutation({
    mutationFn: (code: string) => resendDelivery(code),
    onSuccess: () => {
      toast.success(t('admin.orders.resent'));
      void queryClient.invalidateQueries({ queryKey: ['supplier-directory', 'moderation', 'orders'] });
    },
  });
  const rows = orders.data?.results ?? [];
  return (
    <Stack gap="sm" mt="xl" data-testid="directory-orders">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text fw={700} fz="lg">
          {t('admin.orders.title')}
        </Text>
        <TextInput
          placeholder={t('admin.orders.search')}
          aria-label={t('admin.orders.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('admin.orders.empty')}</Text>
      ) : (
        rows.map((order) => (
          <Paper key={order.code} withBorder radius="md" p="sm" data-testid="directory-order">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {order.reference} · {order.directory.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {order.name} · {order.email} · {formatMoney(order.amount, order.currency, language)} ·{' '}
                  {t(`admin.orders.states.${order.payment_state}`)}
                  {order.download_expires_at &&
                    ` · ${t('admin.orders.until', { date: formatDate(order.download_expires_at, language, true) })}`}
                </Text>
              </Stack>
              {order.payment_state === 'paid' && (
                <Button
                  size="xs"
                  variant="light"
                  loading={resend.isPending && resend.variables === order.code}
                  onClick={() => resend.mutate(order.code)}
                  data-testid="resend-links"
                >
                  {t('admin.orders.resend')}
                </Button>
              )}
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
