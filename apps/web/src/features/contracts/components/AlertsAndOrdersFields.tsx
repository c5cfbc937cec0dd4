import { MultiSelect, SimpleGrid, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { membersQuery, NS, supplierOrdersQuery } from '../api.ts';

export interface AlertsAndOrders {
  /** Days before the end; null: the organisation's default. */
  alert_days: number[] | null;
  alert_user_ids: number[];
  purchase_order_ids: number[];
}

/** Days ahead such as 30, 60, 90 (any whole number up to three years). */
const DAY = /^\d{1,4}$/;

/**
 * The contract's own alert thresholds, the colleagues named to hear them beside the owner, and the
 * purchase orders of the same supplier linked to it (its spend). Shared by the new-contract form and the
 * terms editor of a draft; the values go through the API's own zod schema.
 */
export function AlertsAndOrdersFields({
  organisationId,
  supplierId,
  value,
  onChange,
  errors,
  defaultDays,
}: {
  organisationId: number;
  supplierId: number | null;
  value: AlertsAndOrders;
  onChange: (next: Partial<AlertsAndOrders>) => void;
  errors: Partial<Record<keyof AlertsAndOrders, string | undefined>>;
  /** The organisation's default thresholds, shown while the contract has none of its own. */
  defaultDays?: number[];
}) {
  const { t, i18n } = useTranslation(NS);
  const members = useQuery(membersQuery(organisationId));
  const orders = useQuery({ ...supplierOrdersQuery(organisationId, supplierId ?? 0), enabled: !!supplierId });
  const orderOptions = (supplierId ? (orders.data ?? []) : []).map((o) => ({
    value: String(o.id),
    label: `${o.number} · ${formatMoney(Number(o.total), o.currency, i18n.resolvedLanguage ?? 'en')}`,
  }));
  // A linked order the list no longer offers (another page, another state) keeps its number visible.
  for (const id of value.purchase_order_ids)
    if (!orderOptions.some((o) => o.value === String(id)))
      orderOptions.push({ value: String(id), label: `#${id}` });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TagsInput
        label={t('fields.alertDays')}
        description={
          value.alert_days === null && defaultDays && defaultDays.length > 0
            ? t('fields.alertDaysDefault', { days: defaultDays.join(', ') })
            : t('fields.alertDaysHelp')
        }
        data={['30', '60', '90']}
        value={(value.alert_days ?? []).map(String)}
        onChange={(values) => {
          const days = [...new Set(values.filter((v) => DAY.test(v.trim())).map((v) => Number(v.trim())))];
          onChange({ alert_days: days.length === 0 ? null : days.sort((a, b) => b - a) });
        }}
        error={errors.alert_days}
        data-testid="contract-alert-days"
      />
      <MultiSelect
        label={t('fields.alertPeople')}
        description={t('fields.alertPeopleHelp')}
        searchable
        data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
        value={value.alert_user_ids.map(String)}
        onChange={(values) => onChange({ alert_user_ids: values.map(Number) })}
        error={errors.alert_user_ids}
        data-testid="contract-alert-people"
      />
      <MultiSelect
        label={t('fields.orders')}
        description={supplierId ? t('fields.ordersHelp') : t('fields.ordersNeedSupplier')}
        searchable
        disabled={!supplierId}
        data={orderOptions}
        value={value.purchase_order_ids.map(String)}
        onChange={(values) => onChange({ purchase_order_ids: values.map(Number) })}
        error={errors.purchase_order_ids}
        data-testid="contract-orders"
      />
    </SimpleGrid>
  );
}
