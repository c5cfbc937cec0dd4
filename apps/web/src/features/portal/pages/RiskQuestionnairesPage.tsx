import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PortalQuestionnaireView } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePortal } from '../portal-context.ts';
import { riskQuestionnairesQuery } from '../risk-api.ts';

const NS = 'portal-risk';

/** `/portal/risk/questionnaires`: what the selected buyer asked of the supplier (financial statements, due diligence). */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('list.title'));
  const { buyer } = usePortal();
  const list = useQuery(riskQuestionnairesQuery(buyer?.id ?? null));
  const columns: DataColumn<PortalQuestionnaireView>[] = [
    {
      key: 'kind',
      header: t('list.columns.kind'),
      render: (row) => (
        <Text
          component={Link}
          to={`/portal/risk/questionnaires/${row.id}`}
          size="sm"
          fw={600}
          c="teal.8"
          data-testid="portal-risk-questionnaire"
        >
          {t(`kind.${row.kind}`)}
        </Text>
      ),
      exportValue: (row) => t(`kind.${row.kind}`),
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 140,
      render: (row) => (
        <Badge color={row.status === 'sent' ? 'blue.8' : 'teal.8'} variant="outline" tt="none">
          {t(`status.${row.status}`)}
        </Badge>
      ),
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'due',
      header: t('list.columns.due'),
      width: 140,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.due_on ? formatDay(row.due_on, language) : '—'}</Text>,
      exportValue: (row) => row.due_on,
    },
    {
      key: 'sent',
      header: t('list.columns.sent'),
      width: 180,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatDate(row.sent_at, language)}</Text>,
      exportValue: (row) => row.sent_at,
    },
  ];
  return (
    <PageFrame testId="portal-risk-questionnaires">
      <PageHeader title={t('list.title')} lead={t('list.lead', { buyer: buyer?.name ?? '' })} />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={<StatusMessage title={t('list.empty')} />}
      />
    </PageFrame>
  );
}
