import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import type { WorkflowRuleView } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { allPages } from '../api/all-pages.ts';
import { useWorkflows, WORKFLOWS_PAGE_SIZE } from '../api/workflows.ts';
import { NS, ReadOnlyNotice, useIsOrgAdmin } from '../components/shared.tsx';
import { PageHeader } from '../../../../components/PageFrame.tsx';
import { WorkflowPreviewPanel } from '../components/WorkflowPreviewPanel.tsx';
import { useNames } from '../model/use-names.ts';
import { bandText, scopeText, stepsSummary } from '../model/workflow-describe.ts';

/** `/app/p2p/approval-workflows`: the organisation's routing rules, and where an example document would go. */
export function Component() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const [page, setPage] = useState(1);
  const rules = useWorkflows(organisationId, page);
  const withCategories = (rules.data?.results ?? []).some((rule) => rule.category_ids.length > 0);
  const { names, departments } = useNames(organisationId, withCategories);

  const columns: DataColumn<WorkflowRuleView>[] = [
    {
      key: 'name',
      header: t('workflows.columns.name'),
      render: (rule) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={String(rule.id)}
            fw={600}
            size="sm"
            data-testid={`workflow-link-${rule.id}`}
          >
            {rule.name}
          </Anchor>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {t(`documentType.${rule.document_type}`)} · {bandText(rule, t)}
          </Text>
        </Stack>
      ),
      exportValue: (rule) => rule.name,
      width: 180,
    },
    {
      key: 'document_type',
      header: t('workflows.columns.documentType'),
      render: (rule) => t(`documentType.${rule.document_type}`),
      exportValue: (rule) => t(`documentType.${rule.document_type}`),
      width: 130,
      hideOnMobile: true,
    },
    {
      key: 'priority',
      header: t('workflows.columns.priority'),
      render: (rule) => rule.priority,
      exportValue: (rule) => rule.priority,
      align: 'right',
      width: 90,
      hideOnMobile: true,
    },
    {
      key: 'band',
      header: t('workflows.columns.amount'),
      render: (rule) => <Text size="sm">{bandText(rule, t)}</Text>,
      exportValue: (rule) => bandText(rule, t),
      width: 210,
      hideOnMobile: true,
    },
    {
      key: 'steps',
      header: t('workflows.columns.steps'),
      render: (rule) => (
        <Stack gap={2}>
          {stepsSummary(rule, t, names).map((line) => (
            <Text key={line} size="xs">
              {line}
            </Text>
          ))}
        </Stack>
      ),
      exportValue: (rule) => stepsSummary(rule, t, names).join('; '),
      width: 220,
      hideOnMobile: true,
    },
    {
      key: 'active',
      header: t('workflows.columns.active'),
      render: (rule) => (
        <Badge variant="light" color={rule.active ? 'green' : 'gray'} tt="none">
          {rule.active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
      exportValue: (rule) => (rule.active ? t('status.active') : t('status.inactive')),
      width: 100,
    },
    {
      key: 'departments',
      header: t('workflows.columns.departments'),
      render: (rule) => scopeText(rule.department_ids, names.department, t('workflows.allDepartments')),
      exportValue: (rule) => scopeText(rule.department_ids, names.department, t('workflows.allDepartments')),
      width: 170,
      hideOnMobile: true,
    },
    {
      key: 'categories',
      header: t('workflows.columns.categories'),
      render: (rule) => scopeText(rule.category_ids, names.category, t('workflows.allCategories')),
      exportValue: (rule) => scopeText(rule.category_ids, names.category, t('workflows.allCategories')),
      width: 170,
      hideOnMobile: true,
    },
  ];

  return (
    <Stack gap="lg" maw={1280} mx="auto" data-testid="workflows-page">
      <PageHeader
        module="p2p"
        title={t('screens.approvalWorkflows.name', { ns: 'platform' })}
        lead={t('workflows.description')}
        actions={
          isAdmin && (
            <Button component={Link} to="new" data-testid="workflow-new">
              {t('workflows.new')}
            </Button>
          )
        }
      />
      {!isAdmin && <ReadOnlyNotice>{t('workflows.readOnly')}</ReadOnlyNotice>}
      <DataTable<WorkflowRuleView>
        columns={columns}
        rows={rules.data?.results}
        rowKey={(rule) => rule.id}
        error={rules.isError ? rules.error.message : null}
        empty={
          <StatusMessage
            title={t('workflows.empty.title')}
            body={t('workflows.empty.body')}
            action={isAdmin ? { label: t('workflows.new'), onClick: () => void navigate('new') } : undefined}
          />
        }
        pagination={
          rules.data
            ? { page, pageSize: WORKFLOWS_PAGE_SIZE, count: rules.data.count, onPageChange: setPage }
            : undefined
        }
        onRowClick={(rule) => void navigate(String(rule.id))}
        export={{
          fileName: 'approval-workflows',
          fetchAll: () => allPages<WorkflowRuleView>('/p2p/approval-workflows/'),
        }}
        caption={t('screens.approvalWorkflows.name', { ns: 'platform' })}
        data-testid="workflows-table"
      />
      <WorkflowPreviewPanel departments={departments.data ?? []} wide />
    </Stack>
  );
}
