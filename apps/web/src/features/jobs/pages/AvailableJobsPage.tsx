import { Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AvailableJob } from '@zabuni/contracts';
import { PAGE_SIZE, PAGINATION_CHUNK } from '@zabuni/contracts/constants';
import { pageCount } from '@zabuni/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/Pagination.tsx';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAvailableJobs, type JobFilters } from '../api/available-jobs.ts';
import { JobCard } from '../components/JobCard.tsx';
import type { JobDetailView } from '../components/JobDetailModal.tsx';
import type { DeadlineChoice } from '../components/JobFiltersBar.tsx';
import { deferred } from '../../../components/DeferredPart.tsx';
import { StatusIcon } from '../../../components/Icon.tsx';
import { whenEngaged } from '../../../lib/when-engaged.ts';

/**
 * The job's dialog (Mantine's Modal, focus trap and scroll lock: ~10 kB gzip) is no part of the list's first
 * paint (issue 15): it loads at the visitor's first touch, scroll or key, or at the first click on a job's button.
 */
const loadModal = () => import('../components/JobDetailModal.tsx');
const JobDetailModal = lazy(() => loadModal().then((m) => ({ default: m.JobDetailModal })));

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The filters are drawn by the server and come alive at the visitor's first touch, scroll or key (issue 15):
 * their inputs and pickers are a third of the page's script, and a visitor reads the list before filtering.
 */
const JobFiltersBar = deferred(() =>
  import('../components/JobFiltersBar.tsx').then((module) => module.JobFiltersBar),
);

/** The filters live in the address, so a filtered list can be bookmarked and shared. */

function readFilters(params: URLSearchParams): { filters: JobFilters; deadline: DeadlineChoice } {
  const raw = params.get('deadline');
  const deadline: DeadlineChoice = raw === 'past' || raw === 'all' ? raw : 'upcoming';
  return {
    deadline,
    filters: {
      page: positiveInt(params.get('page')) ?? 1,
      search: params.get('search') ?? undefined,
      client: positiveInt(params.get('client')),
      country: positiveInt(params.get('country')),
      deadline: deadline === 'all' ? undefined : deadline,
    },
  };
}

export function Component() {
  const { t, i18n } = useTranslation('jobs');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const { filters, deadline } = readFilters(params);
  const jobs = useAvailableJobs(filters);
  const [detail, setDetail] = useState<JobDetailView>(null);
  // Mounted from the first opening on, so that closing it still animates.
  const [modalWanted, setModalWanted] = useState(false);
  if (detail && !modalWanted) setModalWanted(true);
  useEffect(() => whenEngaged(() => void loadModal()), []);

  const update = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };

  const totalPages = pageCount(jobs.data?.count ?? 0, PAGE_SIZE.listing);
  const showInstructions = (job: AvailableJob) => setDetail({ job, show: 'instructions' });
  const showCategories = (job: AvailableJob) => setDetail({ job, show: 'categories' });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>

        <JobFiltersBar
          filters={filters}
          deadline={deadline}
          onChange={(change) => update({ ...change })}
          onClear={() => setParams(new URLSearchParams())}
        />

        {jobs.data && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="job-count">
              {jobs.data.count_capped
                ? t('countAtLeast', { count: new Intl.NumberFormat(i18n.language).format(jobs.data.count) })
                : t('count', { count: jobs.data.count })}
            </Text>
          </Group>
        )}

        {jobs.isPending && (
          <CardGrid aria-busy>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={280} radius="md" />
            ))}
          </CardGrid>
        )}

        {jobs.isError && !jobs.data && (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={jobs.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void jobs.refetch() }}
          />
        )}

        {jobs.data && jobs.data.results.length === 0 && (
          <StatusMessage
            icon={<StatusIcon name="search" />}
            title={t('empty.title')}
            body={t('empty.body')}
            action={{ label: t('filters.clear'), onClick: () => setParams(new URLSearchParams()) }}
          />
        )}

        {jobs.data && jobs.data.results.length > 0 && (
          <CardGrid style={{ opacity: jobs.isPlaceholderData ? 0.6 : 1 }} data-testid="job-list">
            {jobs.data.results.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                onShowInstructions={showInstructions}
                onShowCategories={showCategories}
              />
            ))}
          </CardGrid>
        )}

        <Pagination
          page={filters.page}
          totalPages={totalPages}
          chunkSize={PAGINATION_CHUNK}
          onChange={(page) => {
            update({ page });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            first: t('pagination.first'),
            last: t('pagination.last'),
            summary: t('pagination.summary', { page: filters.page, pages: totalPages }),
          }}
        />
      </Stack>
      {modalWanted && (
        <Suspense fallback={null}>
          <JobDetailModal view={detail} onClose={() => setDetail(null)} />
        </Suspense>
      )}
    </Container>
  );
}
