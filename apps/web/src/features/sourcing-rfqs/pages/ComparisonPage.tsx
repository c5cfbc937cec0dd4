import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount, formatQuantity } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { comparisonQuery, NS, rfqQuery, rfqsApi, rfqsKey } from '../api.ts';
import { useRfqRoles } from '../roles.ts';

interface Allocation {
  line_no: number;
  supplier_id: string | null;
  quantity: string;
}

/** `/app/sourcing/rfqs/:id/comparison`: every quote per line ranked, the lowest marked; the split award. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId, procurement } = useRfqRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const comparison = useQuery(comparisonQuery(organisationId, id));
  const rfq = useQuery(rfqQuery(organisationId, id));
  const [allocations, setAllocations] = useState<Allocation[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (comparison.isPending || rfq.isPending)
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  if (comparison.isError || rfq.isError)
    return (
      <PageFrame>
        <LoadProblem
          error={(comparison.error ?? rfq.error)!}
          onRetry={() => void comparison.refetch()}
          back={{ to: `/app/sourcing/rfqs/${id}`, label: t('title.rfqs') }}
          notFound={{ title: t('detail.notFound'), body: t('detail.notFoundBody') }}
        />
      </PageFrame>
    );
  const data = comparison.data;
  const money = (text: string) => formatAmount(text, data.rfq.currency, language);
  // Start the award at the lowest quote of each line.
  const current: Allocation[] =
    allocations ??
    data.lines.flatMap((line) => {
      const lowest = line.quotes.find((q) => q.lowest);
      return lowest
        ? [{ line_no: line.line_no, supplier_id: String(lowest.supplier.id), quantity: line.quantity }]
        : [];
    });
  const canAward = procurement && rfq.data.actions.includes('award');
  const update = (index: number, change: Partial<Allocation>) =>
    setAllocations(current.map((a, i) => (i === index ? { ...a, ...change } : a)));

  const award = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await rfqsApi.award(id, {
        allocations: current
          .filter((a) => a.supplier_id)
          .map((a) => ({ line_no: a.line_no, supplier_id: Number(a.supplier_id), quantity: a.quantity })),
      });
      await queryClient.invalidateQueries({ queryKey: rfqsKey(organisationId) });
      toast.success(t('award.done'));
      void navigate(`/app/sourcing/rfqs/${id}`);
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame testId="rfq-comparison-page">
      <BackLink to={`/app/sourcing/rfqs/${id}`} label={data.rfq.number} />
      <PageHeader
        module="sourcing"
        title={t('comparison.title', { number: data.rfq.number })}
        lead={t('comparison.lead')}
      />
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Fact label={t('comparison.overall')} testId="comparison-overall">
          {data.overall_lowest?.name ?? '—'}
        </Fact>
        <Fact label={t('comparison.savingsEstimate')} testId="comparison-savings-estimate">
          {money(data.savings_vs_estimate.amount)}{' '}
          {data.savings_vs_estimate.percent && `(${data.savings_vs_estimate.percent} %)`}
        </Fact>
        <Fact label={t('comparison.savingsAverage')}>
          {money(data.savings_vs_average.amount)}{' '}
          {data.savings_vs_average.percent && `(${data.savings_vs_average.percent} %)`}
        </Fact>
        <Fact label={t('comparison.savingsHighest')}>
          {money(data.savings_vs_highest.amount)}{' '}
          {data.savings_vs_highest.percent && `(${data.savings_vs_highest.percent} %)`}
        </Fact>
      </SimpleGrid>
      {data.lines.map((line) => (
        <Section key={line.line_no} title={`${line.line_no}. ${line.description}`} testId="comparison-line">
          <Text size="sm" c="dimmed">
            {t('comparison.lineFacts', {
              quantity: `${formatQuantity(line.quantity, language)} ${line.unit}`,
              estimate: money(line.estimate),
            })}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('comparison.rank')}</Table.Th>
                  <Table.Th>{t('detail.supplier')}</Table.Th>
                  <Table.Th ta="right">{t('comparison.unitPrice')}</Table.Th>
                  <Table.Th ta="right">{t('comparison.net')}</Table.Th>
                  <Table.Th ta="right">{t('comparison.tax')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {line.quotes.map((quote) => (
                  <Table.Tr key={quote.supplier.id} data-testid="comparison-quote" data-lowest={quote.lowest}>
                    <Table.Td>{quote.rank}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{quote.supplier.name}</Text>
                        {quote.lowest && (
                          <Badge color="green" size="sm" data-testid="comparison-lowest">
                            {t('comparison.lowest')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{money(quote.unit_price)}</Table.Td>
                    <Table.Td ta="right">{money(quote.net)}</Table.Td>
                    <Table.Td ta="right">{money(quote.tax)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {line.declined_by.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('comparison.declinedBy', { names: line.declined_by.map((s) => s.name).join(', ') })}
            </Text>
          )}
        </Section>
      ))}
      <Section title={t('comparison.totals')}>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.supplier')}</Table.Th>
                <Table.Th>{t('comparison.complete')}</Table.Th>
                <Table.Th ta="right">{t('comparison.net')}</Table.Th>
                <Table.Th ta="right">{t('comparison.tax')}</Table.Th>
                <Table.Th ta="right">{t('comparison.total')}</Table.Th>
                <Table.Th ta="right">{t('comparison.delivery')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.suppliers.map((supplier) => (
                <Table.Tr key={supplier.supplier.id} data-testid="comparison-supplier">
                  <Table.Td>{supplier.supplier.name}</Table.Td>
                  <Table.Td>
                    {supplier.declined
                      ? t('comparison.declined')
                      : supplier.complete
                        ? t('comparison.yes')
                        : t('comparison.partial')}
                  </Table.Td>
                  <Table.Td ta="right">{money(supplier.net)}</Table.Td>
                  <Table.Td ta="right">{money(supplier.tax)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(supplier.total)}
                  </Table.Td>
                  <Table.Td ta="right">{supplier.delivery_days ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      {canAward && (
        <Section title={t('award.title')} testId="award-form">
          <Text size="sm">{t('award.lead')}</Text>
          {problem && (
            <Alert color="red" data-testid="award-problem">
              {problem}
            </Alert>
          )}
          <Stack gap="xs">
            {current.map((allocation, index) => {
              const line = data.lines.find((l) => l.line_no === allocation.line_no)!;
              return (
                <Group key={index} align="flex-end" wrap="wrap" data-testid="award-allocation">
                  <Text size="sm" w={{ base: '100%', sm: 220 }} fw={500}>
                    {line.line_no}. {line.description}
                  </Text>
                  <Select
                    label={t('detail.supplier')}
                    data={line.quotes.map((q) => ({ value: String(q.supplier.id), label: q.supplier.name }))}
                    value={allocation.supplier_id}
                    onChange={(value) => update(index, { supplier_id: value })}
                    w={{ base: '100%', sm: 240 }}
                    data-testid="award-supplier"
                  />
                  <TextInput
                    label={t('form.quantity')}
                    value={allocation.quantity}
                    onChange={(event) => update(index, { quantity: event.currentTarget.value })}
                    w={120}
                    data-testid="award-quantity"
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setAllocations(current.filter((_, i) => i !== index))}
                  >
                    {t('award.remove')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
          <Group>
            <Select
              placeholder={t('award.split')}
              data={data.lines.map((l) => ({
                value: String(l.line_no),
                label: `${l.line_no}. ${l.description}`,
              }))}
              value={null}
              onChange={(value) =>
                value &&
                setAllocations([...current, { line_no: Number(value), supplier_id: null, quantity: '' }])
              }
              w={{ base: '100%', sm: 280 }}
              data-testid="award-split"
            />
            <Button loading={busy} onClick={() => void award()} data-testid="award-submit">
              {t('award.submit')}
            </Button>
          </Group>
        </Section>
      )}
    </PageFrame>
  );
}
