import { Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { NS, SAVINGS_CSV_URL, savingsQuery, type SavingsReport } from '../api.ts';
import { useRfqRoles } from '../roles.ts';

type Figures = SavingsReport['by_rfq'][number];

/** `/app/sourcing/savings`: savings of awarded RFQs against their estimates, four ways, exportable. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId } = useRfqRoles();
  const report = useQuery(savingsQuery(organisationId));
  if (!report.data)
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  const data = report.data;
  const table = (
    title: string,
    testId: string,
    rows: Array<{ key: string; label: ReactNode; figures: Omit<Figures, 'rfq'> }>,
  ) => (
    <Section title={title} testId={testId}>
      <Table.ScrollContainer minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">{t('savings.estimate')}</Table.Th>
              <Table.Th ta="right">{t('savings.awarded')}</Table.Th>
              <Table.Th ta="right">{t('savings.savings')}</Table.Th>
              <Table.Th ta="right">%</Table.Th>
              <Table.Th ta="right">{t('savings.quotes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ key, label, figures }) => (
              <Table.Tr key={key} data-testid="savings-row">
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{formatAmount(figures.estimate, figures.currency, language)}</Table.Td>
                <Table.Td ta="right">{formatAmount(figures.awarded, figures.currency, language)}</Table.Td>
                <Table.Td ta="right" fw={600} data-testid="savings-amount">
                  {formatAmount(figures.savings, figures.currency, language)}
                </Table.Td>
                <Table.Td ta="right">{figures.savings_percent ?? '—'}</Table.Td>
                <Table.Td ta="right">{figures.quotes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
  return (
    <PageFrame testId="savings-page">
      <PageHeader
        module="sourcing"
        title={t('title.savings')}
        lead={t('savings.lead')}
        actions={
          <Button component="a" href={SAVINGS_CSV_URL} variant="default" data-testid="savings-export">
            {t('savings.export')}
          </Button>
        }
      />
      {data.by_rfq.length === 0 ? (
        <StatusMessage title={t('savings.empty')} body={t('savings.emptyBody')} />
      ) : (
        <>
          {table(
            t('savings.byRfq'),
            'savings-by-rfq',
            data.by_rfq.map(({ rfq, ...figures }) => ({
              key: `${rfq.id}-${figures.currency}`,
              label: (
                <Text size="sm">
                  {rfq.number} · {rfq.title}
                </Text>
              ),
              figures,
            })),
          )}
          {table(
            t('savings.byCategory'),
            'savings-by-category',
            data.by_category.map(({ category, ...figures }) => ({
              key: `${category.id}-${figures.currency}`,
              label: category.name,
              figures,
            })),
          )}
          {table(
            t('savings.byMonth'),
            'savings-by-month',
            data.by_month.map(({ month, ...figures }) => ({
              key: `${month}-${figures.currency}`,
              label: month,
              figures,
            })),
          )}
          {table(
            t('savings.byDepartment'),
            'savings-by-department',
            data.by_department.map(({ department, ...figures }) => ({
              key: `${department.id}-${figures.currency}`,
              label: department.name,
              figures,
            })),
          )}
        </>
      )}
    </PageFrame>
  );
}
