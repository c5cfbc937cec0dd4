import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { prequalificationForm } from '@zabuni/contracts';
import { PREQUALIFICATION_QUESTION_TYPES } from '@zabuni/domain';
import { useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink, PageFrame, PageHeader, PageSkeleton } from '../../../components/PageFrame.tsx';
import { RemoteMultiPicker } from '../../../components/RemoteMultiPicker.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { issueText, messageText } from '../../../lib/form-errors.ts';
import { useCategories } from '../../../lib/reference-data.ts';
import { toast } from '../../../lib/toast.ts';
import { detailQuery, key, NS, prequalificationsApi, staffQuery } from '../api.ts';
import { blankQuestion, newValues, nextKey, toForm, toValues, type EditorValues } from '../model.ts';
import { useRoles } from '../roles.ts';

/** `/app/sourcing/prequalifications/new` and `…/:id/edit`: the exercise and its questionnaire. */
export function Component() {
  const { id } = useParams();
  const { organisationId } = useRoles();
  const saved = useQuery({ ...detailQuery(organisationId, Number(id)), enabled: id !== undefined });
  if (id !== undefined && !saved.data) return <PageSkeleton />;
  return (
    <Editor
      initial={saved.data ? toValues(saved.data) : newValues()}
      id={id ? Number(id) : null}
      initialCategories={saved.data?.categories ?? []}
    />
  );
}

function Editor({
  initial,
  id,
  initialCategories,
}: {
  initial: EditorValues;
  id: number | null;
  initialCategories: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organisationId } = useRoles();
  const staff = useQuery(staffQuery(organisationId));
  const [busy, setBusy] = useState(false);
  const { control, register, handleSubmit, setError, getValues, formState } = useForm<EditorValues>({
    defaultValues: initial,
  });
  const sections = useFieldArray({ control, name: 'sections' });

  const submit = handleSubmit(async (values) => {
    const parsed = prequalificationForm.safeParse(toForm(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (
          [
            'title',
            'opens_at',
            'closes_at',
            'pass_mark',
            'valid_until',
            'category_ids',
            'evaluator_ids',
          ].includes(path)
        )
          setError(path as keyof EditorValues, { message: issueText(issue) });
      }
      toast.error(issueText(parsed.error.issues[0]!));
      return;
    }
    setBusy(true);
    try {
      const answer =
        id === null
          ? await prequalificationsApi.create(parsed.data)
          : await prequalificationsApi.update(id, parsed.data);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('editor.saved'));
      void navigate(`/app/sourcing/prequalifications/${answer.id}`);
    } catch (failure) {
      const field =
        failure instanceof ApiError ? (failure.body as { field?: string } | null)?.field : undefined;
      if (field)
        setError(field as keyof EditorValues, { message: failure instanceof Error ? failure.message : '' });
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
    } finally {
      setBusy(false);
    }
  });

  const errorOf = (name: keyof EditorValues) =>
    messageText(formState.errors[name]?.message as string | undefined);

  return (
    <PageFrame testId="prequalification-editor">
      <BackLink
        to={id ? `/app/sourcing/prequalifications/${id}` : '/app/sourcing/prequalifications'}
        label={t('list.title')}
      />
      <PageHeader
        module="sourcing"
        title={id ? t('editor.editTitle') : t('editor.newTitle')}
        lead={t('editor.lead')}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput
                label={t('editor.title')}
                required
                {...register('title')}
                error={errorOf('title')}
                data-testid="pq-title"
              />
              <Textarea
                label={t('editor.description')}
                autosize
                minRows={2}
                {...register('description')}
                data-testid="pq-description"
              />
              <Controller
                control={control}
                name="category_ids"
                render={({ field }) => (
                  <RemoteMultiPicker<{ id: number; name: string }>
                    label={t('editor.categories')}
                    placeholder={t('editor.categoriesPlaceholder')}
                    nothingFound="—"
                    value={field.value}
                    onChange={field.onChange}
                    useOptions={useCategories}
                    toOption={(c) => ({ value: String(c.id), label: c.name })}
                    initialOptions={initialCategories.map((c) => ({ value: String(c.id), label: c.name }))}
                    minSearchLength={2}
                    maxValues={50}
                    required
                    error={errorOf('category_ids')}
                    testId="pq-categories"
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  type="datetime-local"
                  label={t('editor.opensAt')}
                  description={t('editor.eat')}
                  required
                  {...register('opens_at')}
                  error={errorOf('opens_at')}
                  data-testid="pq-opens"
                />
                <TextInput
                  type="datetime-local"
                  label={t('editor.closesAt')}
                  description={t('editor.eat')}
                  required
                  {...register('closes_at')}
                  error={errorOf('closes_at')}
                  data-testid="pq-closes"
                />
                <Controller
                  control={control}
                  name="pass_mark"
                  render={({ field }) => (
                    <NumberInput
                      label={t('editor.passMark')}
                      description={t('editor.passMarkHint')}
                      min={0}
                      max={100}
                      value={field.value}
                      onChange={(v) => field.onChange(Number(v))}
                      error={errorOf('pass_mark')}
                      data-testid="pq-pass-mark"
                    />
                  )}
                />
                <TextInput
                  type="date"
                  label={t('editor.validUntil')}
                  description={t('editor.validUntilHint')}
                  {...register('valid_until')}
                  error={errorOf('valid_until')}
                  data-testid="pq-valid-until"
                />
              </SimpleGrid>
              <Controller
                control={control}
                name="evaluator_ids"
                render={({ field }) => (
                  <MultiSelect
                    label={t('editor.committee')}
                    description={t('editor.committeeHint')}
                    data={(staff.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                    value={field.value}
                    onChange={field.onChange}
                    searchable
                    required
                    error={errorOf('evaluator_ids')}
                    data-testid="pq-committee"
                  />
                )}
              />
            </Stack>
          </Paper>
          {sections.fields.map((section, index) => (
            <Paper key={section.id} withBorder radius="md" p="md" data-testid="pq-section">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-end">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('editor.sectionTitle', { number: index + 1 })}
                    required
                    {...register(`sections.${index}.title`)}
                    data-testid="pq-section-title"
                  />
                  {sections.fields.length > 1 && (
                    <Button variant="subtle" color="red" onClick={() => sections.remove(index)}>
                      {t('editor.removeSection')}
                    </Button>
                  )}
                </Group>
                <Questions
                  control={control}
                  register={register}
                  section={index}
                  getSections={() => getValues('sections')}
                />
              </Stack>
            </Paper>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() =>
                sections.append({ title: '', questions: [blankQuestion(nextKey(getValues('sections')))] })
              }
              data-testid="pq-add-section"
            >
              {t('editor.addSection')}
            </Button>
            <Button type="submit" loading={busy} data-testid="pq-save">
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}

function Questions({
  control,
  register,
  section,
  getSections,
}: {
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  section: number;
  getSections(): EditorValues['sections'];
}) {
  const { t } = useTranslation(NS);
  const questions = useFieldArray({ control, name: `sections.${section}.questions` });
  return (
    <Stack gap="sm">
      {questions.fields.map((question, index) => (
        <Question
          key={question.id}
          control={control}
          register={register}
          section={section}
          index={index}
          onRemove={questions.fields.length > 1 ? () => questions.remove(index) : undefined}
        />
      ))}
      <Button
        variant="light"
        w="fit-content"
        onClick={() => questions.append(blankQuestion(nextKey(getSections())))}
        data-testid="pq-add-question"
      >
        {t('editor.addQuestion')}
      </Button>
    </Stack>
  );
}

function Question({
  control,
  register,
  section,
  index,
  onRemove,
}: {
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  section: number;
  index: number;
  onRemove?: () => void;
}) {
  const { t } = useTranslation(NS);
  const name = `sections.${section}.questions.${index}` as const;
  const type = useWatch({ control, name: `${name}.type` });
  const scoresHint =
    type === 'number' ? t('editor.bandsHint') : type === 'choice' ? t('editor.optionScoresHint') : '';
  return (
    <Paper withBorder radius="sm" p="sm" bg="gray.0" data-testid="pq-question">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={4} size="sm">
            {t('editor.question', { number: index + 1 })}
          </Title>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t('editor.removeQuestion')}
            >
              ×
            </ActionIcon>
          )}
        </Group>
        <Textarea
          label={t('editor.questionText')}
          autosize
          minRows={1}
          required
          {...register(`${name}.text`)}
          data-testid="pq-question-text"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={t('editor.type')}
            data={PREQUALIFICATION_QUESTION_TYPES.map((v) => ({ value: v, label: t(`questionType.${v}`) }))}
            {...register(`${name}.type`)}
            data-testid="pq-question-type"
          />
          <Controller
            control={control}
            name={`${name}.weight`}
            render={({ field }) => (
              <NumberInput
                label={t('editor.weight')}
                min={0}
                max={100}
                value={field.value}
                onChange={(v) => field.onChange(Number(v))}
                data-testid="pq-question-weight"
              />
            )}
          />
          <Checkbox
            mt={28}
            label={t('editor.mandatory')}
            {...register(`${name}.mandatory`)}
            data-testid="pq-question-mandatory"
          />
        </SimpleGrid>
        {type === 'choice' && (
          <TextInput
            label={t('editor.options')}
            description={t('editor.optionsHint')}
            {...register(`${name}.options`)}
            data-testid="pq-question-options"
          />
        )}
        {type === 'yes_no' && (
          <NativeSelect
            label={t('editor.rule')}
            data={[
              { value: 'yes', label: t('editor.expectedYes') },
              { value: 'no', label: t('editor.expectedNo') },
              { value: '', label: t('editor.committeeScores') },
            ]}
            {...register(`${name}.expected`)}
            data-testid="pq-question-expected"
          />
        )}
        {(type === 'number' || type === 'choice') && (
          <TextInput
            label={t('editor.rule')}
            description={scoresHint}
            placeholder={type === 'number' ? '5=50; 10=80; 20=100' : 'youth=100; none=40'}
            {...register(`${name}.scores`)}
            data-testid="pq-question-scores"
          />
        )}
        {type === 'document' && (
          <Checkbox
            label={t('editor.validDocument')}
            {...register(`${name}.validDocument`)}
            data-testid="pq-question-valid-document"
          />
        )}
        {type === 'text' && (
          <Text size="xs" c="dimmed">
            {t('editor.committeeScores')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
