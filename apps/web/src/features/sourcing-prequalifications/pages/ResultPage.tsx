import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadProblem, PageSkeleton } from '../../../components/PageFrame.tsx';
import { NS, resultQuery } from '../api.ts';
import { useRoles } from '../roles.ts';

/**
 * `/app/sourcing/prequalifications/results/:resultId`: where the approvals inbox and its mails send a
 * decider; the result is decided on its exercise's page, among the others.
 */
export function Component() {
  const { t } = useTranslation(NS);
  const resultId = Number(useParams().resultId);
  const { organisationId } = useRoles();
  const result = useQuery(resultQuery(organisationId, resultId));
  if (result.error)
    return (
      <LoadProblem
        error={result.error}
        onRetry={() => void result.refetch()}
        back={{ to: '/app/sourcing/prequalifications', label: t('list.title') }}
        notFound={{ title: t('detail.notFound.title'), body: t('detail.notFound.body') }}
      />
    );
  if (!result.data) return <PageSkeleton />;
  return <Navigate to={`/app/sourcing/prequalifications/${result.data.prequalification_id}`} replace />;
}
