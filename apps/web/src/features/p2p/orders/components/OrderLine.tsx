import { Badge, Select, Text } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LineEditor, type LineField } from '../../../../components/LineEditor.tsx';
import { formatMinorAmount, formatQuantity, lineNetMinor, taxMinor } from '../../../../lib/money.ts';
import { useCategoryPicker } from '../../../../lib/reference-data.ts';
import type { Department, TaxRate } from '../api/lookups.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { lineBasisPoints, type OrderFormValues, type OrderPayload } from '../model/order-form.ts';

interface Props {
  control: Control<OrderFormValues, unknown, OrderPayload>;
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

/**
 * One order line in the shared line editor, with what is the order's own: its tax rate, the net and tax, and
 * for a line from a requisition the requisition's category and cost centre (where it is charged).
 */
export function OrderLine({ control, index, currency, rates, errors, serverError, ...rest }: Props) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const categories = useCategoryPicker();
  const line = useWatch({ control, name: `lines.${index}` });
  const lineErrors = Array.isArray(errors) ? errors[index] : undefined;
  const number = index + 1;
  const fromRequisition = line?.requisition_line_id !== null && line?.requisition_line_id !== undefined;
  const net = line ? lineNetMinor(line.quantity, line.unit_price, currency) : null;
  const points = line ? lineBasisPoints(line, rates) : null;
  const tax = net !== null && points !== null ? taxMinor(net, points) : null;
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
    <LineEditor
      {...rest}
      control={control}
      index={index}
      testId="order-line"
      categories={categories}
      error={(field: LineField) => messageText(lineErrors?.[field]?.message)}
      serverError={messageText(serverError)}
      labels={{
        name: t('orders.form.lineName', { number }),
        remove: t('actions.remove'),
        removeLabel: t('orders.form.removeLine', { number }),
        description: t('orders.form.description'),
        category: t('orders.form.category'),
        categoryPlaceholder: t('orders.form.categoryPlaceholder'),
        nothingFound: t('common.nothingFound'),
        department: t('orders.form.department'),
        departmentPlaceholder: t('orders.form.departmentPlaceholder'),
        quantity: t('orders.form.quantity'),
        unit: t('orders.form.unit'),
        unitPrice: t('orders.form.unitPrice', { currency }),
        amount: t('orders.form.lineNet'),
      }}
      badge={
        fromRequisition && (
          <Badge variant="light" color="teal" tt="none" radius="sm" data-testid="line-requisition">
            {t('orders.form.fromRequisition', { reference: line?.requisition_label ?? '' })}
          </Badge>
        )
      }
      chargedTo={
        fromRequisition && (
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
        )
      }
      extra={{
        span: 3,
        node: (
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
                disabled={rest.disabled}
                comboboxProps={{ shadow: 'md' }}
                data-testid="line-tax-rate"
              />
            )}
          />
        ),
      }}
      amount={{
        text: net === null ? '—' : formatMinorAmount(net, currency, language),
        testId: 'line-net',
        note: {
          text:
            tax === null
              ? ''
              : t('orders.form.plusTax', { amount: formatMinorAmount(tax, currency, language) }),
          testId: 'line-tax',
        },
      }}
    />
  );
}
