import { Alert, Button, Flex, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Category, Department, Page } from '@zabuni/contracts';
import type { ReactNode } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from './RemotePicker.tsx';

/** What every document line edits (requisitions, purchase orders): the form's own fields come beside it. */
export interface EditableLine {
  description: string;
  category_id: number | undefined;
  /** The category's name when known (a saved line), for the picker that only knows ids. */
  category_name?: string;
  department_id: number | undefined;
  /** The department's code and name when known (a saved line), in case it is no longer active. */
  department_label?: string;
  quantity: string;
  unit: string;
  unit_price: string;
}

export type LineField = 'description' | 'category_id' | 'department_id' | 'quantity' | 'unit' | 'unit_price';

/** The texts of one line, in the form's own namespace. */
export interface LineEditorLabels {
  name: string;
  remove: string;
  removeLabel: string;
  duplicate?: string;
  duplicateLabel?: string;
  description: string;
  category: string;
  categoryPlaceholder: string;
  nothingFound: string;
  /** Shown instead of nothingFound when the organisation has no department at all. */
  noDepartments?: string;
  department: string;
  departmentPlaceholder: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
}

interface Props<T extends { lines: EditableLine[] }, Output = T> {
  /** The form's control; `Output` is what its resolver yields (the request, for a schema-validated form). */
  control: Control<T, unknown, Output>;
  index: number;
  count: number;
  departments: readonly Department[] | undefined;
  labels: LineEditorLabels;
  /** The message on a field of this line, in the interface language. */
  error(field: LineField): string | undefined;
  /** The server's message about this line ("Line 2: …"), in the interface language. */
  serverError?: string;
  /** The category picker's search, and a category's name when a search has already met it. */
  categories: {
    useOptions(search: string): UseQueryResult<Page<Category>>;
    known(id: number): string | undefined;
  };
  onRemove(): void;
  /** A copy of the line below it, where the document offers one. */
  onDuplicate?(): void;
  disabled?: boolean;
  testId: string;
  /** Beside the line's name (where the line comes from). */
  badge?: ReactNode;
  /** A line whose category and cost centre are fixed elsewhere shows this instead of their pickers. */
  chargedTo?: ReactNode;
  /** The document's own field of a line (a tax rate, a needed-by date), after the unit price. */
  extra?: { node: ReactNode; span: number };
  /** The line's amount as people read it, and a note below it (the tax). */
  amount: { text: string; testId: string; note?: { text: string; testId: string } };
}

/**
 * The one line editor of the platform's documents: what, which category and cost centre, how many, at what
 * price, the document's own field, and the line's amount. The form owns the values (react-hook-form) and the
 * words; this piece owns the layout, the pickers and the test ids the end-to-end tests read.
 */
export function LineEditor<T extends { lines: EditableLine[] }, Output = T>(props: Props<T, Output>) {
  const { index, count, departments, labels, error, serverError, disabled } = props;
  // The fields below exist in every form this editor serves (T extends the lines' shape).
  const control = props.control as unknown as Control<{ lines: EditableLine[] }>;
  const { t } = useTranslation('common');
  const line = useWatch({ control, name: `lines.${index}` });

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
  const categoryOption =
    line?.category_id === undefined
      ? undefined
      : {
          value: String(line.category_id),
          label: props.categories.known(line.category_id) ?? line.category_name ?? `#${line.category_id}`,
        };
  const text = (field: 'description' | 'quantity' | 'unit' | 'unit_price', extra: object) => (
    <Controller
      control={control}
      name={`lines.${index}.${field}`}
      render={({ field: input }) => (
        <TextInput
          required
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          ref={input.ref}
          error={error(field)}
          disabled={disabled}
          data-testid={`line-${field.replace('_', '-')}`}
          {...extra}
        />
      )}
    />
  );
  const numeric = { inputMode: 'decimal' as const, styles: { input: { textAlign: 'right' as const } } };
  const extraSpan = props.extra?.span ?? 0;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="fieldset"
      aria-label={labels.name}
      data-testid={props.testId}
      style={{ minWidth: 0, margin: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Text fw={700} size="sm" component="legend" p={0}>
              {labels.name}
            </Text>
            {props.badge}
          </Group>
          <Group gap={4} wrap="nowrap">
            {props.onDuplicate && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={props.onDuplicate}
                disabled={disabled}
                aria-label={labels.duplicateLabel}
                data-testid="line-duplicate"
              >
                {labels.duplicate}
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={props.onRemove}
              disabled={disabled || count <= 1}
              aria-label={labels.removeLabel}
              data-testid="line-remove"
            >
              {labels.remove}
            </Button>
          </Group>
        </Group>
        {serverError && (
          <Alert color="red" variant="light" p="xs" role="alert" data-testid="line-server-error">
            {serverError}
          </Alert>
        )}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: props.chargedTo ? 12 : 5 }}>
            {text('description', { label: labels.description, maxLength: 500 })}
          </Grid.Col>
          {props.chargedTo ? (
            <Grid.Col span={12}>{props.chargedTo}</Grid.Col>
          ) : (
            <>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <Controller
                  control={control}
                  name={`lines.${index}.category_id`}
                  render={({ field }) => (
                    <RemotePicker<Category>
                      label={labels.category}
                      placeholder={labels.categoryPlaceholder}
                      nothingFound={labels.nothingFound}
                      value={field.value}
                      onChange={field.onChange}
                      useOptions={props.categories.useOptions}
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
                      label={labels.department}
                      placeholder={departments ? labels.departmentPlaceholder : t('loading')}
                      data={departmentOptions}
                      value={field.value === undefined ? null : String(field.value)}
                      onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                      onBlur={field.onBlur}
                      searchable
                      // Choosing the chosen department again keeps it (new lines start with the last line's).
                      allowDeselect={false}
                      nothingFoundMessage={
                        departments?.length === 0 && labels.noDepartments
                          ? labels.noDepartments
                          : labels.nothingFound
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
            </>
          )}
          <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
            {text('quantity', { label: labels.quantity, ...numeric })}
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
            {text('unit', { label: labels.unit, maxLength: 20 })}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            {text('unit_price', { label: labels.unitPrice, placeholder: '0.00', ...numeric })}
          </Grid.Col>
          {props.extra && <Grid.Col span={{ base: 12, sm: 6, md: extraSpan }}>{props.extra.node}</Grid.Col>}
          <Grid.Col span={{ base: 12, md: Math.max(2, 5 - extraSpan) }}>
            <Flex
              direction={{ base: 'row', md: 'column' }}
              justify={{ base: 'space-between', md: 'flex-end' }}
              align={{ base: 'center', md: 'flex-end' }}
              gap={2}
              h="100%"
              wrap="wrap"
            >
              <Text size="sm" fw={500} c="dimmed">
                {labels.amount}
              </Text>
              <Text
                fw={700}
                size="lg"
                ta="right"
                aria-live="polite"
                data-testid={props.amount.testId}
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {props.amount.text}
              </Text>
              {props.amount.note && (
                <Text
                  size="xs"
                  c="dimmed"
                  ta="right"
                  w={{ base: '100%', md: 'auto' }}
                  data-testid={props.amount.note.testId}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {props.amount.note.text}
                </Text>
              )}
            </Flex>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
