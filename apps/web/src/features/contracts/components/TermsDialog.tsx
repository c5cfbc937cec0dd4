import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { contractUpdate, type ContractUpdate } from '@zabuni/contracts';
import { RENEWAL_RULES } from '@zabuni/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, messageText } from '../../../lib/form-errors.ts';
import { departmentsQuery, membersQuery, NS, suppliersQuery, type Contract } from '../api.ts';

interface Values {
  title: string;
  supplier_id: number;
  /** Minor units (cents): the field shows major units. */
  value_minor: number | '';
  currency: string;
  start_date: string;
  end_date: string;
  renewal: 'none' | 'automatic' | 'by_notice';
  renewal_term_months: number | null;
  notice_days: number | null;
  payment_terms: string;
  owner_user_id: number;
  department_id: number | null;
  purchase_order_ids?: number[];
}

/**
 * The parties and terms of a draft (PATCH through the API's own `contractUpdate` schema): title, supplier,
 * value and currency, start and end, renewal (none, automatic, by notice with its notice period), payment
 * terms, owner and department. Alerts and linked orders have their own dialog; the text its editor (each
 * change of text is a new version).
 */
export function TermsDialog({
  contract,
  organisationId,
  opened,
  onClose,
  onSave,
  busy,
}: {
  contract: Contract;
  organisationId: number;
  opened: boolean;
  onClose: () => void;
  onSave: (update: ContractUpdate) => Promise<boolean>;
  busy: boolean;
}) {
  const { t } = useTranslation(NS);
  const suppliers = useQuery({ ...suppliersQuery(organisationId), enabled: opened });
  const departments = useQuery({ ...departmentsQuery(organisationId), enabled: opened });
  const members = useQuery({ ...membersQuery(organisationId), enabled: opened });
  const { control, register, handleSubmit, setValue, formState } = useForm<Values, unknown, ContractUpdate>({
    resolver: contractResolver<Values, ContractUpdate>(contractUpdate),
    values: {
      title: contract.title,
      supplier_id: contract.supplier.id,
      value_minor: contract.value_minor,
      currency: contract.currency,
      start_date: contract.start_date,
      end_date: contract.end_date,
      renewal: contract.renewal,
      renewal_term_months: contract.renewal_term_months,
      notice_days: contract.notice_days,
      payment_terms: contract.payment_terms,
      owner_user_id: contract.owner.id,
      department_id: contract.department?.id ?? null,
    },
  });
  const renewal = useWatch({ control, name: 'renewal' });
  const errorOf = (name: keyof Values) => messageText(formState.errors[name]?.message);
  // An award's contract stays with the awarded supplier.
  const supplierFixed = contract.source !== null;
  const supplierOptions = [
    ...(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    ...((suppliers.data ?? []).some((s) => s.id === contract.supplier.id)
      ? []
      : [{ value: String(contract.supplier.id), label: contract.supplier.name }]),
  ];

  return (
    <Modal opened={opened} onClose={onClose} title={t('terms.title')} size="lg" centered>
      <form
        noValidate
        onSubmit={handleSubmit(async (update) => {
          if (await onSave(update)) onClose();
        })}
      >
        <Stack gap="sm">
          <TextInput
            label={t('fields.title')}
            required
            {...register('title')}
            error={errorOf('title')}
            data-testid="terms-title"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="supplier_id"
              render={({ field }) => (
                <Select
                  label={t('fields.supplier')}
                  required
                  searchable
                  disabled={supplierFixed}
                  data={supplierOptions}
                  value={String(field.value)}
                  onChange={(value) => {
                    if (!value) return;
                    field.onChange(Number(value));
                    // Linked orders belong to the supplier: a new supplier starts with none.
                    setValue('purchase_order_ids', Number(value) === contract.supplier.id ? undefined : []);
                  }}
                  allowDeselect={false}
                  error={errorOf('supplier_id')}
                  data-testid="terms-supplier"
                />
              )}
            />
            <Controller
              control={control}
              name="department_id"
              render={({ field }) => (
                <Select
                  label={t('fields.department')}
                  clearable
                  data={(departments.data ?? [])
                    .filter((d) => d.active || d.id === field.value)
                    .map((d) => ({ value: String(d.id), label: d.name }))}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  error={errorOf('department_id')}
                  data-testid="terms-department"
                />
              )}
            />
            <Controller
              control={control}
              name="value_minor"
              render={({ field }) => (
                <NumberInput
                  label={t('fields.value')}
                  required
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  value={field.value === '' ? '' : field.value / 100}
                  onChange={(value) => field.onChange(value === '' ? '' : Math.round(Number(value) * 100))}
                  error={errorOf('value_minor')}
                  data-testid="terms-value"
                />
              )}
            />
            <TextInput
              label={t('fields.currency')}
              maxLength={3}
              {...register('currency')}
              error={errorOf('currency')}
              data-testid="terms-currency"
            />
            <TextInput
              type="date"
              label={t('fields.start')}
              required
              {...register('start_date')}
              error={errorOf('start_date')}
              data-testid="terms-start"
            />
            <TextInput
              type="date"
              label={t('fields.end')}
              required
              {...register('end_date')}
              error={errorOf('end_date')}
              data-testid="terms-end"
            />
            <Controller
              control={control}
              name="renewal"
              render={({ field }) => (
                <Select
                  label={t('fields.renewal')}
                  data={RENEWAL_RULES.map((option) => ({ value: option, label: t(`renewal.${option}`) }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'none')}
                  allowDeselect={false}
                  data-testid="terms-renewal"
                />
              )}
            />
            {renewal !== 'none' && (
              <Controller
                control={control}
                name="renewal_term_months"
                render={({ field }) => (
                  <NumberInput
                    label={t('fields.renewalTerm')}
                    min={1}
                    max={120}
                    value={field.value ?? ''}
                    onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                    error={errorOf('renewal_term_months')}
                    data-testid="terms-renewal-term"
                  />
                )}
              />
            )}
            {renewal === 'by_notice' && (
              <Controller
                control={control}
                name="notice_days"
                render={({ field }) => (
                  <NumberInput
                    label={t('fields.noticeDays')}
                    min={0}
                    value={field.value ?? ''}
                    onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                    error={errorOf('notice_days')}
                    data-testid="terms-notice-days"
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="owner_user_id"
              render={({ field }) => (
                <Select
                  label={t('fields.owner')}
                  searchable
                  data={[
                    ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
                    ...((members.data ?? []).some((m) => m.id === contract.owner.id)
                      ? []
                      : [{ value: String(contract.owner.id), label: contract.owner.name }]),
                  ]}
                  value={String(field.value)}
                  onChange={(value) => value && field.onChange(Number(value))}
                  allowDeselect={false}
                  error={errorOf('owner_user_id')}
                  data-testid="terms-owner"
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.paymentTerms')}
            {...register('payment_terms')}
            error={errorOf('payment_terms')}
            data-testid="terms-payment"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="terms-save">
              {t('terms.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
