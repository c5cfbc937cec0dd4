import { Alert, Button, Flex, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import type { Category, Department } from '@zabuni/contracts';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../../../../components/RemotePicker.tsx';
import { translateServerMessage } from '../../../../lib/server-messages.ts';
import { knownCategory, useCategories } from '../../../../lib/reference-data.ts';
import { formatMinor, lineAmount, type RequisitionFormValues } from '../requisition-form.ts';

interface Props {
  control: Control<RequisitionFormValues>;
  index: number;
  count: number;
  currency: string;
  departments: readonly Department[] | undefined;
  errors: FieldErrors<RequisitionFormValues>['lines'];
  /** The server's message about this line ("Line 2: …"), shown on it. */
  serverError?: string;
  onRemove(): void;
  onDuplicate(): void;
  disabled?: boolean;
}

const NAMESPACES = ['requisitions'] as const;

/** One line of the requisition: what, which category and cost centre, how many, at what price, by when. */
export function LineEditor({
  control,
  index,
  count,
  currency,
  departments,
  errors,
  serverError,
  onRemove,
  onDuplicate,
  disabled,
}: Props) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const line = useWatch({ control, name: `lines.${index}` });
  const lineErrors = Array.isArray(errors) ? errors[index] : undefined;
  const error = (
    field: 'description' | 'category_id' | 'department_id' | 'quantity' | 'unit' | 'unit_price' | 'needed_by',
  ) => translateServerMessage(lineErrors?.[field]?.message, t, NAMESPACES);
  const amount = line ? lineAmount(line, currency) : null;
  const number = index + 1;

  const departmentOptions = (departments ?? []).map((d) => ({
    value: String(d.id),
    label: `${d.code} · ${d.name}`,
  }));
  if (
    line?.department_id !== undefined &&
    !departmentOptions.some((o) => o.value === String(line.department_id))
  ) {
    departmentOptions.unshift({
      value: String(line.department_id),
      label: line.department_label ?? `#${line.department_id}`,
    });
  }
  const category = line?.category_id === undefined ? undefined : knownCategory(queryClient, line.category_id);
  const categoryOption =
    line?.category_id === undefined
      ? undefined
      : {
          value: String(line.category_id),
          label: category?.name ?? line.category_name ?? `#${line.category_id}`,
        };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="fieldset"
      aria-label={t('form.line.name', { number })}
      data-testid="requisition-line"
      style={{ minWidth: 0, margin: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} size="sm" component="legend" p={0}>
            {t('form.line.name', { number })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onDuplicate}
              disabled={disabled}
              aria-label={t('form.line.duplicateLabel', { number })}
              data-testid="line-duplicate"
            >
              {t('form.line.duplicate')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={onRemove}
              disabled={disabled || count <= 1}
              aria-label={t('form.line.removeLabel', { number })}
              data-testid="line-remove"
            >
              {t('form.line.remove')}
            </Button>
          </Group>
        </Group>
        {serverError && (
          <Alert color="red" variant="light" p="xs" data-testid="line-server-error">
            {translateServerMessage(serverError, t, NAMESPACES)}
          </Alert>
        )}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Controller
              control={control}
              name={`lines.${index}.description`}
              render={({ field }) => (
                <TextInput
                  label={t('form.line.description')}
                  required
                  maxLength={500}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error('description')}
                  disabled={disabled}
                  data-testid="line-description"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Controller
              control={control}
              name={`lines.${index}.category_id`}
              render={({ field }) => (
                <RemotePicker<Category>
                  label={t('form.line.category')}
                  placeholder={t('form.line.categoryPlaceholder')}
                  nothingFound={t('form.line.nothingFound')}
                  value={field.value}
                  onChange={field.onChange}
                  useOptions={useCategories}
                  toOption={(c) => ({ value: String(c.id), label: c.name })}
                  selectedOption={categoryOption}
                  minSearchLength={2}
                  error={error('category_id')}
                  required
                  testId="line-category"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name={`lines.${index}.department_id`}
              render={({ field }) => (
                <Select
                  label={t('form.line.department')}
                  placeholder={
                    departments ? t('form.line.departmentPlaceholder') : t('loading', { ns: 'common' })
                  }
                  data={departmentOptions}
                  value={field.value === undefined ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                  onBlur={field.onBlur}
                  searchable
                  // Choosing the chosen department again keeps it (new lines start with the last line's).
                  allowDeselect={false}
                  nothingFoundMessage={
                    departments?.length === 0 ? t('form.line.noDepartments') : t('form.line.nothingFound')
                  }
                  required
                  error={error('department_id')}
                  disabled={disabled}
                  comboboxProps={{ shadow: 'md' }}
                  data-testid="line-department"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
            <Controller
              control={control}
              name={`lines.${index}.quantity`}
              render={({ field }) => (
                <TextInput
                  label={t('form.line.quantity')}
                  required
                  inputMode="decimal"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error('quantity')}
                  disabled={disabled}
                  styles={{ input: { textAlign: 'right' } }}
                  data-testid="line-quantity"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
            <Controller
              control={control}
              name={`lines.${index}.unit`}
              render={({ field }) => (
                <TextInput
                  label={t('form.line.unit')}
                  required
                  maxLength={20}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error('unit')}
                  disabled={disabled}
                  data-testid="line-unit"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name={`lines.${index}.unit_price`}
              render={({ field }) => (
                <TextInput
                  label={t('form.line.unitPrice', { currency })}
                  required
                  inputMode="decimal"
                  placeholder="0.00"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error('unit_price')}
                  disabled={disabled}
                  styles={{ input: { textAlign: 'right' } }}
                  data-testid="line-unit-price"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <Controller
              control={control}
              name={`lines.${index}.needed_by`}
              render={({ field }) => (
                <DateInput
                  label={t('form.line.neededBy')}
                  placeholder={t('form.line.neededByPlaceholder')}
                  valueFormat="DD MMM YYYY"
                  value={field.value}
                  onChange={(value) => field.onChange(value || null)}
                  onBlur={field.onBlur}
                  clearable
                  error={error('needed_by')}
                  disabled={disabled}
                  popoverProps={{ withinPortal: true }}
                  data-testid="line-needed-by"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Flex
              direction={{ base: 'row', md: 'column' }}
              justify={{ base: 'space-between', md: 'flex-end' }}
              align={{ base: 'center', md: 'flex-end' }}
              gap={2}
              h="100%"
            >
              <Text size="sm" fw={500} c="dimmed">
                {t('form.line.amount')}
              </Text>
              <Text
                fw={700}
                size="lg"
                ta="right"
                aria-live="polite"
                data-testid="line-amount"
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {amount === null ? '—' : formatMinor(amount, currency, language)}
              </Text>
            </Flex>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
