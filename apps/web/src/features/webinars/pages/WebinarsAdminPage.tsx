import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationWebinar } from '@zabuni/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { OperatorList } from '../../../components/OperatorList.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  MODULE_KEYS,
  OPERATOR_PAGE_SIZE,
  operatorWebinarsQuery,
  registrantsQuery,
  WEBINAR_MODULES,
  webinarsApi,
  type WebinarModule,
  type WebinarRequest,
} from '../api/webinars.ts';

/** `2026-12-01T10:00` typed in Nairobi time (EAT, UTC+3, no daylight saving) ↔ the instant. */
const EAT_OFFSET_MS = 3 * 3_600_000;
const toEatInput = (iso: string) => new Date(Date.parse(iso) + EAT_OFFSET_MS).toISOString().slice(0, 16);
const fromEatInput = (value: string) => (value ? `${value}:00+03:00` : '');

/** The operator's webinars (moderator): announce, edit, cancel (registrants are mailed), see registrations. */
export function Component() {
  const { t, i18n } = useTranslation('webinars');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(operatorWebinarsQuery(page));
  const [editing, setEditing] = useState<ModerationWebinar | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<ModerationWebinar | null>(null);
  const [showing, setShowing] = useState<number | null>(null);
  const cancel = useMutation({
    mutationFn: (id: number) => webinarsApi.cancel(id),
    onSuccess: () => {
      toast.success(t('admin.done.cancelled'));
      setCancelling(null);
      void queryClient.invalidateQueries({ queryKey: ['core'] });
    },
  });
  return (
    <OperatorList
      title={t('admin.title')}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="webinar-new">
          {t('admin.new')}
        </Button>
      }
      list={list}
      page={page}
      pageSize={OPERATOR_PAGE_SIZE}
      onPageChange={setPage}
      empty={<Text c="dimmed">{t('admin.empty')}</Text>}
      loadingHeight={200}
      extra={
        <>
          {editing && (
            <WebinarFormModal webinar={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
          )}
          <ConfirmDialog
            opened={cancelling !== null}
            title={t('admin.cancelConfirm.title', { title: cancelling?.title ?? '' })}
            body={t('admin.cancelConfirm.body')}
            confirmLabel={t('admin.cancelConfirm.confirm')}
            danger
            busy={cancel.isPending}
            onCancel={() => setCancelling(null)}
            onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
          />
        </>
      }
    >
      {(rows) =>
        rows.map((webinar) => (
          <Paper key={webinar.id} withBorder radius="md" p="md" data-testid="admin-webinar">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Group gap={6}>
                    <Badge variant="light" color="brand" tt="none">
                      {t(`modules.${MODULE_KEYS[webinar.module]}`)}
                    </Badge>
                    <Badge variant="light" color={webinar.state === 'cancelled' ? 'red' : 'gray'} tt="none">
                      {t(`state.${webinar.state}`)}
                    </Badge>
                  </Group>
                  <Text fw={600}>{webinar.title}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(webinar.date, language, true)} · {webinar.organizer} ·{' '}
                    {t('admin.registrations', { count: webinar.registrations })}
                    {webinar.capacity !== null ? ` / ${webinar.capacity}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setShowing(showing === webinar.id ? null : webinar.id)}
                  >
                    {t('admin.showRegistrations')}
                  </Button>
                  {webinar.state === 'upcoming' && (
                    <>
                      <Button size="xs" variant="light" onClick={() => setEditing(webinar)}>
                        {t('admin.edit')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setCancelling(webinar)}>
                        {t('admin.cancel')}
                      </Button>
                    </>
                  )}
                </Group>
              </Group>
              {showing === webinar.id && <Registrants id={webinar.id} />}
            </Stack>
          </Paper>
        ))
      }
    </OperatorList>
  );
}

function Registrants({ id }: { id: number }) {
  const { t, i18n } = useTranslation('webinars');
  const list = useQuery(registrantsQuery(id));
  if (list.isPending) return <Skeleton height={60} />;
  const rows = list.data?.results ?? [];
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.noRegistrations')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder fz="sm">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.organization ?? ''}</Table.Td>
              <Table.Td>{formatDate(row.created_at, i18n.resolvedLanguage ?? 'en', true)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Field = keyof WebinarRequest;
const FIELDS: readonly Field[] = [
  'title',
  'organizer',
  'module',
  'organizer_website',
  'date',
  'duration_minutes',
  'pdf_link',
  'link',
  'description',
  'capacity',
];

function WebinarFormModal({ webinar, onClose }: { webinar: ModerationWebinar | null; onClose(): void }) {
  const { t } = useTranslation('webinars');
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    title: webinar?.title ?? '',
    organizer: webinar?.organizer ?? 'Zabuni Academy',
    module: (webinar?.module ?? WEBINAR_MODULES[0]) as WebinarModule,
    organizer_website: webinar?.organizer_website ?? '',
    date: webinar ? toEatInput(webinar.date) : '',
    duration_minutes: webinar?.duration_minutes ?? 60,
    pdf_link: webinar?.pdf_link ?? '',
    link: webinar?.link ?? '',
    description: webinar?.description ?? '',
    capacity: webinar?.capacity ?? null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (body: WebinarRequest) =>
      webinar ? webinarsApi.update(webinar.id, body) : webinarsApi.create(body),
    onSuccess: () => {
      toast.success(t(webinar ? 'admin.done.updated' : 'admin.done.created'));
      void queryClient.invalidateQueries({ queryKey: ['core'] });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) {
        const text = error.messageFor(field);
        if (text) found[field] = text;
      }
      setErrors(found);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...values, date: fromEatInput(values.date) });
  };
  const text = (field: 'title' | 'organizer' | 'organizer_website' | 'pdf_link' | 'link' | 'date') => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(webinar ? 'admin.form.editTitle' : 'admin.form.createTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.form.title')} required {...text('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('admin.form.organizer')} required {...text('organizer')} />
            <NativeSelect
              label={t('admin.form.module')}
              value={values.module}
              error={errors.module}
              onChange={(event) => {
                const module = event.currentTarget.value as WebinarModule;
                setValues((current) => ({ ...current, module }));
              }}
              data={WEBINAR_MODULES.map((value) => ({ value, label: t(`modules.${MODULE_KEYS[value]}`) }))}
            />
            <TextInput label={t('admin.form.date')} type="datetime-local" required {...text('date')} />
            <NumberInput
              label={t('admin.form.duration')}
              min={1}
              value={values.duration_minutes}
              error={errors.duration_minutes}
              onChange={(value) =>
                setValues((current) => ({ ...current, duration_minutes: Number(value) || 0 }))
              }
            />
            <TextInput label={t('admin.form.organizerWebsite')} type="url" {...text('organizer_website')} />
            <NumberInput
              label={t('admin.form.capacity')}
              min={1}
              value={values.capacity ?? ''}
              error={errors.capacity}
              onChange={(value) =>
                setValues((current) => ({ ...current, capacity: value === '' ? null : Number(value) }))
              }
            />
          </SimpleGrid>
          <TextInput label={t('admin.form.link')} type="url" required {...text('link')} />
          <TextInput label={t('admin.form.pdfLink')} type="url" {...text('pdf_link')} />
          <Textarea
            label={t('admin.form.description')}
            autosize
            minRows={3}
            value={values.description}
            error={errors.description}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setValues((current) => ({ ...current, description: value }));
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('admin.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
