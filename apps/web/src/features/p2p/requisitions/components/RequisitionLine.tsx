import { DateInput } from '@mantine/dates';
import type { Department } from '@zabuni/contracts';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LineEditor, type LineField } from '../../../../components/LineEditor.tsx';
import { formatMinorAmount } from '../../../../lib/money.ts';
import { useCategoryPicker } from '../../../../lib/reference-data.ts';
import { fieldError } from '../../../../lib/form-errors.ts';
import { lineAmount, type RequisitionFormValues, type RequisitionPayload } from '../requisition-form.ts';

interface Props {
  control: Control<RequisitionFormValues, unknown, RequisitionPayload>;
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

/** One requisition line in the shared line editor, with what is the requisition's own: the needed-by date. */
export function RequisitionLine({ control, index, currency, errors, serverError, ...rest }: Props) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const categories = useCategoryPicker();
  const line = useWatch({ control, name: `lines.${index}` });
  const lineErrors = Array.isArray(errors) ? errors[index] : undefined;
  const error = (field: LineField | 'needed_by') => fieldError(lineErrors?.[field]);
  const amount = line ? lineAmount(line, currency) : null;
  const number = index + 1;

  return (
    <LineEditor
      {...rest}
      control={control}
      index={index}
      testId="requisition-line"
      categories={categories}
      error={error}
      serverError={serverError}
      labels={{
        name: t('form.line.name', { number }),
        remove: t('form.line.remove'),
        removeLabel: t('form.line.removeLabel', { number }),
        duplicate: t('form.line.duplicate'),
        duplicateLabel: t('form.line.duplicateLabel', { number }),
        description: t('form.line.description'),
        category: t('form.line.category'),
        categoryPlaceholder: t('form.line.categoryPlaceholder'),
        nothingFound: t('form.line.nothingFound'),
        noDepartments: t('form.line.noDepartments'),
        department: t('form.line.department'),
        departmentPlaceholder: t('form.line.departmentPlaceholder'),
        quantity: t('form.line.quantity'),
        unit: t('form.line.unit'),
        unitPrice: t('form.line.unitPrice', { currency }),
        amount: t('form.line.amount'),
      }}
      extra={{
        span: 2,
        node: (
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
                disabled={rest.disabled}
                popoverProps={{ withinPortal: true }}
                data-testid="line-needed-by"
              />
            )}
          />
        ),
      }}
      amount={{
        text: amount === null ? '—' : formatMinorAmount(amount, currency, language),
        testId: 'line-amount',
      }}
    />
  );
}
