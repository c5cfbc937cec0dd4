import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { prequalificationResponseForm, type PrequalificationResponseForm } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  BackLink,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
} from '../../../components/PageFrame.tsx';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { issueText, messageText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { PORTAL_KEY } from '../api.ts';
import {
  NS_PQ,
  portalPrequalificationsApi,
  prequalificationQuery,
  type PortalPrequalification,
} from '../prequalifications-api.ts';

type Question = PortalPrequalification['sections'][number]['questions'][number];

/** What the form holds: one value per question key (documents by their uploaded id). */
interface AnswerValues {
  category_ids: string[];
  answers: Record<string, string | number | boolean | null>;
}

function valuesOf(pq: PortalPrequalification): AnswerValues {
  const answers: AnswerValues['answers'] = {};
  for (const a of pq.response?.answers ?? []) answers[a.key] = 'document_id' in a ? a.document_id : a.value;
  return {
    category_ids: (pq.response?.category_ids ?? pq.categories.map((c) => c.id)).map(String),
    answers,
  };
}

/** The form's values as the API's form (the same zod schema checks them before they are sent). */
function toForm(pq: PortalPrequalification, values: AnswerValues): PrequalificationResponseForm {
  const answers = pq.sections.flatMap((s) =>
    s.questions.flatMap((q): PrequalificationResponseForm['answers'] => {
      const value = values.answers[q.key];
      if (value === undefined || value === null || value === '') return [];
      switch (q.type) {
        case 'yes_no':
          return [{ key: q.key, type: 'yes_no', value: value === true || value === 'yes' }];
        case 'number':
          return [{ key: q.key, type: 'number', value: Number(value) }];
        case 'choice':
          return [{ key: q.key, type: 'choice', value: String(value) }];
        case 'text':
          return [{ key: q.key, type: 'text', value: String(value) }];
        case 'document':
          return [{ key: q.key, type: 'document', document_id: Number(value) }];
      }
    }),
  );
  return { category_ids: values.category_ids.map(Number), answers };
}

/** `/portal/prequalifications/:id`: the questionnaire, answered as a draft, submitted, withdrawn and resubmitted until closing. */
export function Component() {
  const id = Number(useParams().id);
  const { t } = useTranslation(NS_PQ);
  const detail = useQuery(prequalificationQuery(id));
  usePageTitle(detail.data?.title ?? t('list.title'));
  if (detail.error)
    return (
      <LoadProblem
        error={detail.error}
        onRetry={() => void detail.refetch()}
        back={{ to: '/portal/prequalifications', label: t('list.title') }}
        notFound={{ title: t('detail.notFound.title'), body: t('detail.notFound.body') }}
      />
    );
  if (!detail.data) return <PageSkeleton />;
  return <AnswerForm key={detail.data.response?.status ?? 'new'} pq={detail.data} />;
}

function AnswerForm({ pq }: { pq: PortalPrequalification }) {
  const { t, i18n } = useTranslation(NS_PQ);
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { control, register, handleSubmit, getValues, setValue } = useForm<AnswerValues>({
    defaultValues: valuesOf(pq),
  });
  const status = pq.response?.status ?? null;
  const editable = pq.open && status !== 'submitted';

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'prequalifications'] });
      toast.success(done);
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
    } finally {
      setBusy(false);
    }
  };

  const checked = (values: AnswerValues) => {
    const parsed = prequalificationResponseForm.safeParse(toForm(pq, values));
    if (!parsed.success) {
      toast.error(issueText(parsed.error.issues[0]!));
      return null;
    }
    return parsed.data;
  };

  const save = handleSubmit((values) => {
    const form = checked(values);
    if (form) void run(() => portalPrequalificationsApi.save(pq.id, form), t('detail.saved'));
  });
  const submit = handleSubmit((values) => {
    const form = checked(values);
    if (form)
      void run(async () => {
        await portalPrequalificationsApi.save(pq.id, form);
        await portalPrequalificationsApi.submit(pq.id);
      }, t('detail.submitted'));
  });

  return (
    <PageFrame testId="portal-prequalification">
      <BackLink to="/portal/prequalifications" label={t('list.title')} />
      <PageHeader
        title={pq.title}
        badge={
          status ? (
            <Badge variant="light" data-testid="portal-pq-response-status">
              {t(`response.${status}`)}
            </Badge>
          ) : undefined
        }
        lead={t('detail.lead', { buyer: pq.buyer.name, date: formatDate(pq.closes_at, language, true) })}
      />
      {pq.description && <Text size="sm">{pq.description}</Text>}
      {!pq.open && <Alert color="gray">{t('detail.closedNotice')}</Alert>}
      {status === 'submitted' && pq.open && <Alert color="teal">{t('detail.submittedNotice')}</Alert>}
      {pq.results.map((r) => (
        <Alert
          key={r.category.id}
          color={r.status === 'approved' ? 'teal' : 'red'}
          data-testid="portal-pq-result"
        >
          {r.status === 'approved'
            ? t('detail.approved', {
                category: r.category.name,
                date: r.valid_until ? formatDay(r.valid_until, language) : '',
              })
            : t('detail.rejected', { category: r.category.name })}
        </Alert>
      ))}
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Controller
              control={control}
              name="category_ids"
              render={({ field }) => (
                <Checkbox.Group label={t('detail.categories')} value={field.value} onChange={field.onChange}>
                  <Stack gap={6} mt="xs">
                    {pq.categories.map((c) => (
                      <Checkbox key={c.id} value={String(c.id)} label={c.name} disabled={!editable} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
          </Paper>
          {pq.sections.map((section, index) => (
            <Paper key={index} withBorder radius="md" p="md">
              <Stack gap="md">
                <Title order={3} size="h4">
                  {section.title}
                </Title>
                {section.questions.map((q) => (
                  <AnswerField
                    key={q.key}
                    q={q}
                    pq={pq}
                    editable={editable}
                    control={control}
                    register={register}
                    onUploaded={(documentId) => setValue(`answers.${q.key}`, documentId)}
                    current={() => getValues()}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
          <Group justify="flex-end">
            {status === 'submitted' && pq.open && (
              <Button
                variant="default"
                color="red"
                loading={busy}
                onClick={() =>
                  void run(() => portalPrequalificationsApi.withdraw(pq.id), t('detail.withdrawn'))
                }
                data-testid="portal-pq-withdraw"
              >
                {t('detail.withdraw')}
              </Button>
            )}
            {editable && (
              <>
                <Button type="submit" variant="default" loading={busy} data-testid="portal-pq-save">
                  {t('detail.save')}
                </Button>
                <Button loading={busy} onClick={() => void submit()} data-testid="portal-pq-submit">
                  {t('detail.submit')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}

function AnswerField({
  q,
  pq,
  editable,
  control,
  register,
  onUploaded,
}: {
  q: Question;
  pq: PortalPrequalification;
  editable: boolean;
  control: ReturnType<typeof useForm<AnswerValues>>['control'];
  register: ReturnType<typeof useForm<AnswerValues>>['register'];
  onUploaded(documentId: number): void;
  current(): AnswerValues;
}) {
  const { t, i18n } = useTranslation(NS_PQ);
  const language = i18n.resolvedLanguage ?? 'en';
  const [file, setFile] = useState<File | null>(null);
  const [expires, setExpires] = useState('');
  const [uploading, setUploading] = useState(false);
  const label = `${q.text}${q.mandatory ? ' *' : ''}`;
  const name = `answers.${q.key}` as const;
  const value = useWatch({ control, name });
  switch (q.type) {
    case 'yes_no':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Radio.Group
              label={label}
              value={field.value === true ? 'yes' : field.value === false ? 'no' : ''}
              onChange={(v) => field.onChange(v === 'yes')}
              data-testid={`answer-${q.key}`}
            >
              <Group mt={6}>
                <Radio value="yes" label={t('detail.yes')} disabled={!editable} />
                <Radio value="no" label={t('detail.no')} disabled={!editable} />
              </Group>
            </Radio.Group>
          )}
        />
      );
    case 'number':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <NumberInput
              label={label}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(v) => field.onChange(v === '' ? null : Number(v))}
              disabled={!editable}
              maw={240}
              data-testid={`answer-${q.key}`}
            />
          )}
        />
      );
    case 'choice':
      return (
        <NativeSelect
          label={label}
          data={[{ value: '', label: '—' }, ...(q.options ?? []).map((o) => ({ value: o, label: o }))]}
          disabled={!editable}
          {...register(name)}
          maw={360}
          data-testid={`answer-${q.key}`}
        />
      );
    case 'text':
      return (
        <Textarea
          label={label}
          autosize
          minRows={2}
          disabled={!editable}
          {...register(name)}
          data-testid={`answer-${q.key}`}
        />
      );
    case 'document': {
      const uploaded = pq.response?.documents.find((d) => d.id === Number(value));
      return (
        <Stack gap={6} data-testid={`answer-${q.key}`}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          {uploaded && (
            <Text size="sm" data-testid="uploaded-document">
              {uploaded.file_name}
              {uploaded.expires_on
                ? ` · ${t('detail.expires', { date: formatDay(uploaded.expires_on, language) })}`
                : ''}
            </Text>
          )}
          {!uploaded && value !== undefined && value !== null && value !== '' && (
            <Text size="sm">{t('detail.uploaded')}</Text>
          )}
          {editable && (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <FileInput
                label={t('detail.file')}
                value={file}
                onChange={setFile}
                accept=".pdf,.docx,.xlsx,.png,.jpg,.jpeg"
                w={240}
                clearable
                data-testid="document-file"
              />
              <TextInput
                type="date"
                label={t('detail.expiresOn')}
                value={expires}
                onChange={(e) => setExpires(e.currentTarget.value)}
                w={180}
                data-testid="document-expires"
              />
              <Button
                variant="light"
                disabled={!file}
                loading={uploading}
                data-testid="document-upload"
                onClick={async () => {
                  if (!file) return;
                  setUploading(true);
                  try {
                    const document = await portalPrequalificationsApi.upload(pq.id, q.key, expires, file);
                    onUploaded(document.id);
                    toast.success(t('detail.uploadedDone', { name: document.file_name }));
                  } catch (failure) {
                    toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
                  } finally {
                    setUploading(false);
                  }
                }}
              >
                {t('detail.upload')}
              </Button>
            </Group>
          )}
        </Stack>
      );
    }
  }
}
