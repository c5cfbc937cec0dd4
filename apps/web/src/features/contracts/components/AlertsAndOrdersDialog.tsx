import { Button, Group, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { contractUpdate, type ContractUpdate } from '@zabuni/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, messageText } from '../../../lib/form-errors.ts';
import { settingsQuery, NS, type Contract } from '../api.ts';
import { AlertsAndOrdersFields, type AlertsAndOrders } from './AlertsAndOrdersFields.tsx';

/**
 * Changes a draft's alert thresholds, the people named for its alerts and its linked purchase orders
 * (PATCH through the API's own `contractUpdate` schema).
 */
export function AlertsAndOrdersDialog({
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
  const settings = useQuery(settingsQuery(organisationId));
  const { control, handleSubmit, setValue, formState } = useForm<
    AlertsAndOrders & { version_note: string },
    unknown,
    ContractUpdate
  >({
    resolver: contractResolver<AlertsAndOrders & { version_note: string }, ContractUpdate>(contractUpdate),
    values: {
      alert_days: contract.alert_days,
      alert_user_ids: contract.alert_user_ids,
      purchase_order_ids: contract.purchase_orders.map((o) => o.id),
      version_note: '',
    },
  });
  const [alertDays, alertUserIds, purchaseOrderIds] = useWatch({
    control,
    name: ['alert_days', 'alert_user_ids', 'purchase_order_ids'],
  });
  const errorOf = (name: keyof AlertsAndOrders) => messageText(formState.errors[name]?.message);

  return (
    <Modal opened={opened} onClose={onClose} title={t('detail.editAlerts')} size="lg" centered>
      <form
        noValidate
        onSubmit={handleSubmit(async (update) => {
          if (await onSave(update)) onClose();
        })}
      >
        <Stack gap="md">
          <AlertsAndOrdersFields
            organisationId={organisationId}
            supplierId={contract.supplier.id}
            value={{
              alert_days: alertDays,
              alert_user_ids: alertUserIds,
              purchase_order_ids: purchaseOrderIds,
            }}
            onChange={(next) => {
              for (const [name, value] of Object.entries(next))
                setValue(name as 'alert_days', value as number[] | null, { shouldDirty: true });
            }}
            errors={{
              alert_days: errorOf('alert_days'),
              alert_user_ids: errorOf('alert_user_ids'),
              purchase_order_ids: errorOf('purchase_order_ids'),
            }}
            defaultDays={settings.data?.alert_days}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="contract-save-alerts">
              {t('detail.saveAlerts')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
