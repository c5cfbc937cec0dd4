import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { useRequisition } from '../api.ts';
import { BackLink, LoadProblem, PageFrame, PageSkeleton } from '../../../../components/PageFrame.tsx';
import { RequisitionForm } from '../components/RequisitionForm.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { isEditableBy, latestReturn } from '../requisition-actions.ts';

/** `/app/p2p/requisitions/:id/edit`: the requester changes a draft or a returned requisition. */
export function Component() {
  const { t } = useTranslation('requisitions');
  const { me } = usePlatform();
  const id = Number(useParams().id);
  const location = useLocation();
  const submitProblem = (location.state as { submitProblem?: string } | null)?.submitProblem ?? null;
  const requisition = useRequisition(id);
  const view = requisition.data;
  usePageTitle(view ? t('form.editTitle', { number: view.number }) : t('form.editTitleLoading'));

  if (requisition.isPending) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  if (requisition.isError) {
    return (
      <PageFrame>
        <LoadProblem
          error={requisition.error}
          onRetry={() => void requisition.refetch()}
          back={{ to: '/app/p2p/requisitions', label: t('list.title') }}
          notFound={{ title: t('detail.notFound'), body: t('detail.notFoundBody') }}
        />
      </PageFrame>
    );
  }
  const detail = `/app/p2p/requisitions/${view!.id}`;
  if (!isEditableBy(view!, me.id)) {
    return (
      <PageFrame testId="requisition-not-editable">
        <StatusMessage
          title={t('form.notEditable')}
          body={t('form.notEditableBody', { status: t(`status.${view!.status}`) })}
        />
        <Group justify="center">
          <Button component={Link} to={detail} variant="light">
            {t('form.openDetail', { number: view!.number })}
          </Button>
        </Group>
      </PageFrame>
    );
  }
  const returned = latestReturn(view!);
  return (
    <PageFrame testId="requisition-edit-page">
      <BackLink to={detail} label={view!.number} />
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('form.editTitle', { number: view!.number })}
          </Title>
          <StatusBadge status={view!.status} />
        </Group>
        <Text c="dimmed">{t('form.editLead')}</Text>
      </Stack>
      {returned && (
        <Alert
          color="orange"
          variant="light"
          title={t('form.returnedBy', { name: returned.user.name })}
          data-testid="returned-comment"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {returned.comment}
          </Text>
        </Alert>
      )}
      <RequisitionForm key={view!.id} requisition={view!} initialProblem={submitProblem} />
    </PageFrame>
  );
}
