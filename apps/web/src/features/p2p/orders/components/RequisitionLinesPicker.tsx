import {
  Alert,
  Anchor,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { approvedRequisitionsQuery, requisitionQuery, type RequisitionView } from '../api/lookups.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, formatQuantity } from '../../../../lib/money.ts';

type RequisitionLine = RequisitionView['lines'][number];

/**
 * "From approved requisitions": choose requisitions, then the lines to order from this supplier. A line
 * may be split across suppliers: order part of it here (change the quantity on the order line) and the rest
 * on another order; the API refuses more than is left to order.
 */
export function RequisitionLinesPicker({
  organisationId,
  chosenRequisitions,
  onChooseRequisitions,
  chosenLines,
  onToggleLine,
}: {
  organisationId: number;
  chosenRequisitions: number[];
  onChooseRequisitions(ids: number[]): void;
  chosenLines: ReadonlySet<number>;
  onToggleLine(requisition: RequisitionView, line: RequisitionLine, chosen: boolean): void;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const approved = useQuery(approvedRequisitionsQuery(organisationId));
  const details = useQueries({
    queries: chosenRequisitions.map((id) => requisitionQuery(organisationId, id)),
  });
  const options = (approved.data ?? []).map((r) => ({
    value: String(r.id),
    label: `${r.number} · ${r.title} · ${formatAmount(r.total, r.currency, language)}`,
  }));

  return (
    <Stack gap="sm" data-testid="requisition-picker">
      <MultiSelect
        label={t('orders.form.requisitions')}
        description={t('orders.form.requisitionsHint')}
        placeholder={
          approved.isPending ? t('loading', { ns: 'common' }) : t('orders.form.requisitionsPlaceholder')
        }
        data={options}
        value={chosenRequisitions.map(String)}
        onChange={(ids) => onChooseRequisitions(ids.map(Number))}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('orders.form.noApprovedRequisitions')}
        comboboxProps={{ shadow: 'md' }}
        data-testid="requisition-select"
      />
      {approved.data?.length === 0 && (
        <Alert color="gray" variant="light" data-testid="no-approved-requisitions">
          {t('orders.form.noApprovedRequisitionsBody')}
        </Alert>
      )}
      {approved.isError && (
        <Alert color="red" variant="light" role="alert">
          {approved.error.message}
        </Alert>
      )}
      {details.map((detail, index) => {
        if (detail.isPending) return <Skeleton key={chosenRequisitions[index]} height={96} radius="md" />;
        if (detail.isError) {
          return (
            <Alert key={chosenRequisitions[index]} color="red" variant="light" role="alert">
              {detail.error.message}
            </Alert>
          );
        }
        const requisition = detail.data;
        return (
          <Paper key={requisition.id} withBorder radius="md" p="sm" data-testid="requisition-lines">
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap">
                <Anchor
                  component={Link}
                  to={`/app/p2p/requisitions/${requisition.id}`}
                  target="_blank"
                  fw={700}
                  size="sm"
                >
                  {requisition.number}
                </Anchor>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {requisition.title}
                </Text>
              </Group>
              <Table.ScrollContainer minWidth={0} type="native">
                <Table verticalSpacing={6} horizontalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <Text size="xs" fw={600} span>
                          {t('orders.form.order')}
                        </Text>
                      </Table.Th>
                      <Table.Th>{t('orders.form.description')}</Table.Th>
                      <Table.Th ta="right">{t('orders.form.requisitionedShort')}</Table.Th>
                      <Table.Th ta="right" visibleFrom="sm">
                        {t('orders.form.estimate')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {requisition.lines.map((line) => {
                      const chosen = chosenLines.has(line.id);
                      return (
                        <Table.Tr key={line.id} data-testid="requisition-line">
                          <Table.Td>
                            <Checkbox
                              checked={chosen}
                              onChange={(event) =>
                                onToggleLine(requisition, line, event.currentTarget.checked)
                              }
                              aria-label={t('orders.form.orderLine', {
                                number: line.line_no,
                                description: line.description,
                              })}
                              data-testid="requisition-line-toggle"
                            />
                          </Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <Text size="sm">
                              {line.line_no}. {line.description}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {line.category.name} · {line.department.code}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {/* Still to order / requisitioned, when earlier orders took part of it. */}
                            {line.remaining_quantity !== line.quantity
                              ? `${formatQuantity(line.remaining_quantity, language)} / `
                              : ''}
                            {formatQuantity(line.quantity, language)} {line.unit}
                          </Table.Td>
                          <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatAmount(line.unit_price, requisition.currency, language)}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Paper>
        );
      })}
      {chosenRequisitions.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('orders.form.splitHint')}
        </Text>
      )}
    </Stack>
  );
}
