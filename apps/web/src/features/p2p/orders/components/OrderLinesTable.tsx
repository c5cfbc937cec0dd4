import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, formatQuantity } from '../../../../lib/money.ts';

/** The order's lines with what was ordered, received, accepted, rejected and invoiced on each. */
export function OrderLinesTable({ order }: { order: PurchaseOrderView }) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (text: string) => formatAmount(text, order.currency, language);
  const qty = (text: string) => formatQuantity(text, language);
  const figures = [
    'quantity',
    'received_quantity',
    'accepted_quantity',
    'rejected_quantity',
    'invoiced_quantity',
  ] as const;
  const labels = {
    quantity: t('orders.lines.ordered'),
    received_quantity: t('orders.lines.received'),
    accepted_quantity: t('orders.lines.accepted'),
    rejected_quantity: t('orders.lines.rejected'),
    invoiced_quantity: t('orders.lines.invoiced'),
  };
  const origin = (line: PurchaseOrderView['lines'][number]) => (
    <Text size="xs" c="dimmed">
      {line.category.name} · {line.department.code}
      {line.requisition && (
        <>
          {' · '}
          <Anchor component={Link} to={`/app/p2p/requisitions/${line.requisition.id}`} size="xs">
            {line.requisition.number}
          </Anchor>
        </>
      )}
    </Text>
  );
  return (
    <>
      <Table.ScrollContainer minWidth={900} visibleFrom="md" type="native">
        <Table verticalSpacing="xs" striped data-testid="order-lines-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              <Table.Th miw={220}>{t('orders.form.description')}</Table.Th>
              {figures.map((figure) => (
                <Table.Th key={figure} ta="right">
                  {labels[figure]}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('orders.lines.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('orders.lines.net')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id} data-testid="order-line-row">
                <Table.Td>{line.line_no}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={500}>
                    {line.description}
                  </Text>
                  {origin(line)}
                </Table.Td>
                {figures.map((figure) => (
                  <Table.Td
                    key={figure}
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid={`line-${figure.replace('_quantity', '')}`}
                  >
                    {qty(line[figure])}
                    {figure === 'quantity' ? ` ${line.unit}` : ''}
                  </Table.Td>
                ))}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.unit_price)}
                  <Text size="xs" c="dimmed">
                    {t('orders.lines.taxAt', { rate: line.tax_rate })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(line.net)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="md" data-testid="order-lines-cards">
        {order.lines.map((line) => (
          <Paper key={line.id} withBorder radius="md" p="sm" data-testid="order-line-card">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.line_no}. {line.description}
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {money(line.net)}
                </Text>
              </Group>
              {origin(line)}
              <Text size="xs">
                {qty(line.quantity)} {line.unit} × {money(line.unit_price)} ·{' '}
                {t('orders.lines.taxAt', { rate: line.tax_rate })}
              </Text>
              <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={4}>
                {figures.slice(1).map((figure) => (
                  <Stack key={figure} gap={0} miw={0}>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {labels[figure]}
                    </Text>
                    <Text size="sm" fw={600}>
                      {qty(line[figure])}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Stack gap={2} align="flex-end" data-testid="order-detail-totals">
        <Group gap="md" wrap="nowrap">
          <Text size="sm">{t('totals.net')}</Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {money(order.subtotal)}
          </Text>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Text size="sm">{t('totals.tax')}</Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {money(order.tax)}
          </Text>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Text fw={700}>{t('totals.total')}</Text>
          <Text
            fw={800}
            fz="lg"
            data-testid="order-detail-total"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {money(order.total)}
          </Text>
        </Group>
      </Stack>
    </>
  );
}
