import '@mantine/dates/styles.css';
import {
  Button,
  Fieldset,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import type { Category, JobType, Sector, TenderAttachment } from '@zabuni/contracts';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts/constants';
import { nairobiDate } from '@zabuni/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../../lib/i18n.ts';
import { toast } from '../../../../lib/toast.ts';
import { CountryFlag } from '../../../../components/CountryFlag.tsx';
import { RemotePicker, type PickerOption } from '../../../../components/RemotePicker.tsx';
import { applyServerErrors, messageText } from '../../../../lib/form-errors.ts';
import { countryName } from '../../../../lib/format.ts';
import type { MultipartValue, UploadProgress } from '../../../../lib/multipart.ts';
import { useAllCountries, useCategories } from '../../../../lib/reference-data.ts';
import { DocumentsField } from './DocumentsField.tsx';
import {
  FORM_FIELD_OF,
  tenderFormResolver,
  toMultipart,
  type TenderFormMode,
  type TenderFormValues,
} from './tender-form.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';

// Tiptap is the heaviest piece of the site: it loads with this form only, after the fields are on screen.
const RichTextField = lazy(() => import('./RichTextField.tsx'));

interface Props {
  mode: TenderFormMode;
  defaultValues: TenderFormValues;
  /** The category's name when editing a saved tender (the picker only knows ids). */
  categoryOption?: PickerOption | undefined;
  attached?: readonly TenderAttachment[];
  submitLabel: string;
  /** Sends the fields; an ApiError with field messages is shown on the fields. */
  onSubmit(
    fields: Record<string, MultipartValue>,
    onProgress: (progress: UploadProgress) => void,
  ): Promise<void>;
}

/** SPEC §3 publish-tender form, shared by advertisers (publish) and moderators (editor, with company). */
export function TenderForm({
  mode,
  defaultValues,
  categoryOption,
  attached = [],
  submitLabel,
  onSubmit,
}: Props) {
  const { t, i18n } = useTranslation(...PUBLISHING);
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const countries = useAllCountries();
  const [removed, setRemoved] = useState<number[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // The API refuses a closing instant in the past, for new and edited tenders alike: say so before sending.
  const resolver = useMemo(() => tenderFormResolver(mode), [mode]);
  const form = useForm<TenderFormValues>({ resolver, defaultValues });
  const { errors, isSubmitting } = form.formState;
  const error = (field: keyof TenderFormValues) => messageText(errors[field]?.message);

  const submit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      await onSubmit(toMultipart(values, mode, removed), ({ loaded, total }) =>
        setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      );
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      const onFields = applyServerErrors(failure, form.setError, FORM_FIELD_OF);
      const message = failure instanceof Error ? failure.message : String(failure);
      toast.error(onFields ? t('form.fixErrors') : (messageText(message) ?? message));
    } finally {
      setProgress(null);
    }
  });

  const countryOptions = (countries.data?.results ?? []).map((c) => ({
    value: String(c.id),
    label: countryName(c.iso2, c.name, language),
  }));
  const flagOf = new Map((countries.data?.results ?? []).map((c) => [String(c.id), c.flag]));

  return (
    <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
      <form onSubmit={submit} noValidate data-testid="tender-form">
        <Stack gap="lg">
          <Fieldset legend={t('form.sections.tender')} radius="md">
            <Stack gap="sm">
              <TextInput
                label={t('form.title')}
                required
                maxLength={300}
                error={error('tender_title')}
                {...form.register('tender_title')}
                data-testid="field-title"
              />
              {mode === 'editor' && (
                <TextInput
                  label={t('form.company')}
                  required
                  maxLength={200}
                  error={error('company')}
                  {...form.register('company')}
                  data-testid="field-company"
                />
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Controller
                  control={form.control}
                  name="closing_day"
                  render={({ field }) => (
                    <DatePickerInput
                      label={t('form.closingDate')}
                      placeholder="DD-MM-YYYY"
                      valueFormat="DD-MM-YYYY"
                      required
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      onBlur={field.onBlur}
                      minDate={nairobiDate(new Date())}
                      error={error('closing_day')}
                      popoverProps={{ withinPortal: true }}
                      data-testid="field-closing-date"
                    />
                  )}
                />
                <TimeInput
                  label={t('form.closingTime')}
                  description={t('form.closingTimeHint')}
                  error={error('closing_time')}
                  {...form.register('closing_time')}
                  data-testid="field-closing-time"
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Controller
                  control={form.control}
                  name="sector"
                  render={({ field }) => (
                    <Select
                      label={t('form.sector')}
                      placeholder={t('form.choose')}
                      data={SECTORS.map((s) => ({ value: s, label: t(`sector.${s}`) }))}
                      value={field.value}
                      onChange={(value) => field.onChange((value as Sector | null) ?? null)}
                      clearable
                      error={error('sector')}
                      data-testid="field-sector"
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="job_type"
                  render={({ field }) => (
                    <Select
                      label={t('form.jobType')}
                      placeholder={t('form.choose')}
                      data={JOB_TYPES.map((j) => ({ value: j, label: t(`jobType.${j}`) }))}
                      value={field.value}
                      onChange={(value) => field.onChange((value as JobType | null) ?? null)}
                      clearable
                      error={error('job_type')}
                      data-testid="field-job-type"
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="category"
                  render={({ field }) => (
                    <RemotePicker<Category>
                      label={t('form.category')}
                      placeholder={t('form.categoryPlaceholder')}
                      nothingFound={t('filters.nothingFound')}
                      value={field.value}
                      onChange={field.onChange}
                      useOptions={useCategories}
                      toOption={(category) => ({ value: String(category.id), label: category.name })}
                      selectedOption={categoryOption}
                      minSearchLength={2}
                      error={error('category')}
                      testId="field-category"
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="country"
                  render={({ field }) => (
                    <Select
                      label={t('form.country')}
                      placeholder={mode === 'publish' ? t('form.countryDefault') : t('form.choose')}
                      data={countryOptions}
                      value={field.value === undefined ? null : String(field.value)}
                      onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                      searchable
                      clearable
                      nothingFoundMessage={t('filters.nothingFound')}
                      leftSection={
                        field.value !== undefined && flagOf.get(String(field.value)) ? (
                          <CountryFlag src={flagOf.get(String(field.value)) ?? ''} name="" size={12} />
                        ) : undefined
                      }
                      error={error('country')}
                      data-testid="field-country"
                    />
                  )}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>

          <Fieldset legend={t('form.sections.details')} radius="md">
            <Controller
              control={form.control}
              name="tender_details"
              render={({ field }) => (
                <Suspense
                  fallback={
                    <Stack gap={6} aria-busy>
                      <Text size="sm" fw={500}>
                        {t('form.details')}
                      </Text>
                      <Skeleton height={260} radius="md" />
                    </Stack>
                  }
                >
                  <RichTextField
                    label={t('form.details')}
                    description={t('form.detailsHint')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={error('tender_details')}
                  />
                </Suspense>
              )}
            />
          </Fieldset>

          <Fieldset legend={t('form.sections.documents')} radius="md">
            <Controller
              control={form.control}
              name="documents"
              render={({ field }) => (
                <DocumentsField
                  files={field.value}
                  onChange={field.onChange}
                  attached={attached}
                  removed={removed}
                  onRemoveAttached={(id) => setRemoved((prev) => [...prev, id])}
                  error={error('documents')}
                  disabled={isSubmitting}
                />
              )}
            />
          </Fieldset>

          {mode === 'publish' && (
            <Fieldset legend={t('form.sections.contact')} radius="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={t('form.firstName')}
                  required
                  autoComplete="given-name"
                  error={error('first_name')}
                  {...form.register('first_name')}
                />
                <TextInput
                  label={t('form.lastName')}
                  required
                  autoComplete="family-name"
                  error={error('last_name')}
                  {...form.register('last_name')}
                />
                <TextInput
                  label={t('form.email')}
                  type="email"
                  required
                  autoComplete="email"
                  error={error('email')}
                  {...form.register('email')}
                />
                <TextInput
                  label={t('form.phone')}
                  type="tel"
                  maxLength={25}
                  placeholder="+254712345678"
                  autoComplete="tel"
                  error={error('phone_number')}
                  {...form.register('phone_number')}
                />
              </SimpleGrid>
            </Fieldset>
          )}

          {progress !== null && (
            <Stack gap={4} aria-live="polite">
              <Text size="sm">
                {progress < 100 ? t('form.uploading', { progress }) : t('form.processing')}
              </Text>
              <Progress
                value={progress}
                animated={progress >= 100}
                striped={progress >= 100}
                aria-label={t('form.uploadProgress')}
                data-testid="upload-progress"
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={isSubmitting} data-testid="tender-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
