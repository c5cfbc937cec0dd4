import { Alert, Badge, Button, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../../../../components/RemotePicker.tsx';
import { knownCategory, useCategories } from '../../../../lib/reference-data.ts';
import type { Department, TaxRate } from '../api/lookups.ts';
import { NS, messageText } from '../model/messages.ts';
import { formatMinorAmount, formatQuantity, lineNetMinor, taxMinor } from '../../../../lib/money.ts';
import { lineBasisPoints, type OrderFormValues } from '../model/order-form.ts';

interface Props {
  control: Control<OrderFormValues>;
  index: number;
  count: number;
  currency: string;
  departments: readonly Department[] | undefined;
  rates: readonly TaxRate[] | undefined;
  errors: FieldErrors<OrderFormValues>['lines'];
  /** The server's message about this line ("Line 2: …"), shown on it. */
  serverError?: string;
  onRemove(): void;
  disabled?: boolean;
}

type LineField = 'description' | 'category_id' | 'department_id' | 'quantity' | 'unit' | 'unit_price';

/**
 * One order line: what, which category and cost centre, how many, at what price before tax, at which tax
 * rate. A line from a requisition keeps the requisition's category and cost centre (where it is charged).
 */
export function OrderLineEditor({
  control,
  index,
  count,
  currency,
  departments,
  rates,
  errors,
  serverError,
  onRemove,
  disabled,
}: Props) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const line = useWatch({ control, name: `lines.${index}` });
  const lineErrors = Array.isArray(errors) ? errors[index] : undefined;
  const error = (field: LineField) => messageText(lineErrors?.[field]?.message, t);
  const number = index + 1;
  const fromRequisition = line?.requisition_line_id !== null && line?.requisition_line_id !== undefined;
  const net = line ? lineNetMinor(line.quantity, line.unit_price, currency) : null;
  const points = line ? lineBasisPoints(line, rates) : null;
  const tax = net !== null && points !== null ? taxMinor(net, points) : null;

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
  const defaultRate = rates?.find((r) => r.is_default);
  const rateOptions = [
    {
      value: 'default',
      label: defaultRate
        ? t('orders.form.defaultRate', { name: defaultRate.name })
        : t('orders.form.defaultRateUnnamed'),
    },
    ...(rates ?? [])
      .filter((r) => r.active && !r.is_default)
      .map((r) => ({ value: String(r.id), label: `${r.name} (${r.rate} %)` })),
  ];

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="fieldset"
      aria-label={t('orders.form.lineName', { number })}
      data-testid="order-line"
      style={{ minWidth: 0, margin: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Text fw={700} size="sm" component="legend" p={0}>
              {t('orders.form.lineName', { number })}
            </Text>
            {fromRequisition && (
              <Badge variant="light" color="teal" tt="none" radius="sm" data-testid="line-requisition">
                {t('orders.form.fromRequisition', { reference: line?.requisition_label ?? '' })}
              </Badge>
            )}
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onRemove}
            disabled={disabled || count <= 1}
            aria-label={t('orders.form.removeLine', { number })}
            data-testid="line-remove"
          >
            {t('actions.remove')}
          </Button>
        </Group>
        {serverError && (
          <Alert color="red" variant="light" p="xs" role="alert" data-testid="line-server-error">
            {messageText(serverError, t)}
          </Alert>
        )}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: fromRequisition ? 12 : 5 }}>
            <Controller
              control={control}
              name={`lines.${index}.description`}
              render={({ field }) => (
                <TextInput
                  label={t('orders.form.description')}
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
          {fromRequisition ? (
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed" data-testid="line-charged-to">
                {t('orders.form.chargedTo', {
                  category: line?.category_name ?? '',
                  department: line?.department_label ?? '',
                })}
                {line?.requisitioned
                  ? ` · ${t('orders.form.requisitioned', {
                      quantity: formatQuantity(line.requisitioned, language),
                      unit: line.unit,
                    })}`
                  : ''}
              </Text>
            </Grid.Col>
          ) : (
            <>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <Controller
                  control={control}
                  name={`lines.${index}.category_id`}
                  render={({ field }) => (
                    <RemotePicker
                      label={t('orders.form.category')}
                      placeholder={t('orders.form.categoryPlaceholder')}
                      nothingFound={t('common.nothingFound')}
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
                      label={t('orders.form.department')}
                      placeholder={
                        departments ? t('orders.form.departmentPlaceholder') : t('loading', { ns: 'common' })
                      }
                      data={departmentOptions}
                      value={field.value === undefined ? null : String(field.value)}
                      onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                      onBlur={field.onBlur}
                      searchable
                      allowDeselect={false}
                      nothingFoundMessage={t('common.nothingFound')}
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
            <Controller
              control={control}
              name={`lines.${index}.quantity`}
              render={({ field }) => (
                <TextInput
                  label={t('orders.form.quantity')}
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
                  label={t('orders.form.unit')}
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
                  label={t('orders.form.unitPrice', { currency })}
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
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name={`lines.${index}.tax_rate_id`}
              render={({ field }) => (
                <Select
                  label={t('orders.form.taxRate')}
                  data={rateOptions}
                  value={field.value === null ? 'default' : String(field.value)}
                  onChange={(value) => field.onChange(!value || value === 'default' ? null : Number(value))}
                  allowDeselect={false}
                  disabled={disabled}
                  comboboxProps={{ shadow: 'md' }}
                  data-testid="line-tax-rate"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <Stack gap={0} align="flex-end" justify="flex-end" h="100%">
              <Text size="xs" c="dimmed">
                {t('orders.form.lineNet')}
              </Text>
              <Text
                fw={700}
                ta="right"
                aria-live="polite"
                data-testid="line-net"
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {net === null ? '—' : formatMinorAmount(net, currency, language)}
              </Text>
              <Text size="xs" c="dimmed" ta="right" data-testid="line-tax" style={{ whiteSpace: 'nowrap' }}>
                {tax === null
                  ? ''
                  : t('orders.form.plusTax', { amount: formatMinorAmount(tax, currency, language) })}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
