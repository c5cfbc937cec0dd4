import { Alert, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GoodsReceipt } from '../api/purchase-orders.ts';
import { formatDay } from '../model/dates.ts';
import { NS } from '../model/messages.ts';
import { formatQuantity } from '../../../../lib/money.ts';

/** Every delivery recorded against the order, newest first as the API lists them. */
export function GoodsReceiptsList({
  receipts,
  error,
}: {
  receipts: GoodsReceipt[] | undefined;
  error: string | null;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  }
  if (!receipts) return <Skeleton height={60} radius="md" />;
  if (receipts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-receipts">
        {t('receipts.none')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="receipts-list">
      {receipts.map((receipt) => (
        <Paper key={receipt.id} withBorder radius="md" p="sm" data-testid="receipt">
          <Stack gap={6}>
            <Text size="sm" fw={700}>
              {t('receipts.heading', {
                number: receipt.number,
                date: formatDay(receipt.received_on, language),
                name: receipt.received_by.name,
              })}
            </Text>
            {receipt.note && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {receipt.note}
              </Text>
            )}
            <Table.ScrollContainer minWidth={0} type="native">
              <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orders.form.description')}</Table.Th>
                    <Table.Th ta="right">{t('receipts.received')}</Table.Th>
                    <Table.Th ta="right">{t('receipts.accepted')}</Table.Th>
                    <Table.Th ta="right">{t('receipts.rejected')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {receipt.lines.map((line) => (
                    <Table.Tr key={line.purchase_order_line_id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {line.line_no}. {line.description}
                        {line.rejection_reason && (
                          <Text size="xs" c="red.8">
                            {t('receipts.rejectedBecause', { reason: line.rejection_reason })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.received, language)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.accepted, language)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.rejected, language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
