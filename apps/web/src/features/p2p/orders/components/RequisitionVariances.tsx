import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, formatQuantity } from '../../../../lib/money.ts';

/**
 * The order against the requisitions it came from (issue 16): what its approver approves beyond the
 * requisitioned quantity or the estimated price, shown before they click. The supplier never sees it, and
 * its invoice is never held over it.
 */
export function RequisitionVariances({ order }: { order: PurchaseOrderView }) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const variances = order.requisition_variances ?? [];
  if (variances.length === 0) return null;
  const outside = variances.some((v) => v.blocking);
  return (
    <Alert
      color={outside ? 'orange' : 'gray'}
      variant="light"
      title={t('orders.detail.requisitionVariances')}
      data-testid="requisition-variances"
    >
      <Stack gap="xs">
        <Text size="sm">{t('orders.detail.requisitionVariancesHint')}</Text>
        {variances.map((v, index) => (
          <Group key={`${v.kind}-${v.line_no}-${index}`} gap="xs" wrap="wrap" data-kind={v.kind}>
            <Badge color={v.blocking ? 'orange' : 'green'} variant="light" tt="none" radius="sm">
              {t(`variance.${v.kind}`)} · {t('match.line', { number: v.line_no })}
            </Badge>
            <Text size="sm" fw={600}>
              +
              {v.unit === 'money'
                ? formatAmount(v.difference, order.currency, language)
                : formatQuantity(v.difference, language)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
              {v.explanation}
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
