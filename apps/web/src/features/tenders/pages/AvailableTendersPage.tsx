import { Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, SEARCH_MAX_LENGTH } from '@zabuni/contracts/constants';
import { pageCount } from '@zabuni/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAvailableTenders, type TenderFilters } from '../api/available-tenders.ts';
import { DEFAULT_COUNTRY_ISO2, knownCategory, useAllCountries } from '../../../lib/reference-data.ts';
import { ListPagination } from '../components/ListPagination.tsx';
import { TenderCard } from '../components/TenderCard.tsx';
import type { CountryChoice, DeadlineChoice, TenderFilterValues } from '../components/TenderFiltersBar.tsx';
import { deferred } from '../../../components/DeferredPart.tsx';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { jobTypeParam, positiveInt, sectorParam, withParams } from './url-params.ts';
import { StatusIcon } from '../../../components/Icon.tsx';
import { PlainButton } from '../../../components/PlainButton.tsx';

/**
 * The filters are drawn by the server and come alive at the visitor's first touch, scroll or key (issue 15):
 * their inputs and pickers are a third of the page's script, and a visitor reads the list before filtering.
 */
const TenderFiltersBar = deferred(() =>
  // With the catalogue's texts: the search field's message (too long) is one of them.
  Promise.all([import('../components/TenderFiltersBar.tsx'), loadNamespaces(['errors'])]).then(
    ([module]) => module.TenderFiltersBar,
  ),
);

/** The list's filters a saved search keeps (country, sector, job type, text), for its form. */
function savedSearchParams(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ['country', 'sector', 'job_type', 'search']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  return kept.toString();
}

/**
 * Every filter lives in the address, so a filtered list can be bookmarked and shared. `country` is an id or
 * "all"; without it the list shows Kenya (SPEC §9), whose id comes from the country list.
 */
function readFilters(params: URLSearchParams, kenyaId: number | undefined) {
  const rawDeadline = params.get('deadline');
  const deadline: DeadlineChoice = rawDeadline === 'past' || rawDeadline === 'all' ? rawDeadline : 'upcoming';
  const rawCountry = params.get('country');
  const country: CountryChoice | undefined =
    rawCountry === 'all' ? 'all' : (positiveInt(rawCountry) ?? kenyaId);
  const search = params.get('search') ?? undefined;
  // A search longer than the API accepts (an edited address) is not sent: the field says why, the list stays.
  const searchTooLong = search !== undefined && search.trim().length > SEARCH_MAX_LENGTH;
  const values: TenderFilterValues = {
    search,
    category: positiveInt(params.get('category')),
    sector: sectorParam(params.get('sector')),
    job_type: jobTypeParam(params.get('job_type')),
    country: country ?? 'all',
    deadline,
  };
  const filters: TenderFilters = {
    page: positiveInt(params.get('page')) ?? 1,
    search: searchTooLong ? undefined : values.search,
    category: values.category,
    sector: values.sector,
    job_type: values.job_type,
    country: values.country === 'all' ? undefined : values.country,
    deadline: deadline === 'all' ? undefined : deadline,
  };
  // Until the country list answers, Kenya's id is unknown: wait rather than show every country first.
  const ready = rawCountry !== null || kenyaId !== undefined;
  return { values, filters, ready, searchTooLong };
}

/** The heading says which tenders the list shows: open (the default), closed, or all of them. */
const TITLE_KEY = { upcoming: 'list.title', past: 'list.titlePast', all: 'list.titleAll' } as const;

export function Component() {
  const { t, i18n } = useTranslation('tenders');
  const [params, setParams] = useSearchParams();
  const countries = useAllCountries();
  const kenyaId = countries.data?.results.find((c) => c.iso2 === DEFAULT_COUNTRY_ISO2)?.id;
  const { values, filters, ready, searchTooLong } = readFilters(params, kenyaId);
  const heading = t(TITLE_KEY[values.deadline]);
  usePageTitle(heading);
  const tenders = useAvailableTenders(filters, ready || countries.isError);
  const totalPages = pageCount(tenders.data?.count ?? 0, PAGE_SIZE.listing);
  const queryClient = useQueryClient();
  const category =
    tenders.data?.results.find((r) => r.category?.id === filters.category)?.category ??
    knownCategory(queryClient, filters.category);

  const apply = (next: TenderFilterValues) =>
    setParams(
      withParams(params, {
        search: next.search,
        category: next.category,
        sector: next.sector,
        job_type: next.job_type,
        // Kenya is the default: keep the address short for it.
        country: next.country === kenyaId ? undefined : next.country,
        deadline: next.deadline === 'upcoming' ? undefined : next.deadline,
      }),
    );
  // As on jobs: back to the defaults (Kenya, upcoming), which the address leaves out.
  const clear = () => setParams(new URLSearchParams());
  const loading = tenders.isPending && (tenders.fetchStatus === 'fetching' || !ready);

  // A page past the last one (an old link, a shorter list since): show the last page instead, after hydration
  // (the server and the first client render both show the empty state, so they match).
  const lastPage = tenders.data && tenders.data.count > 0 ? totalPages : undefined;
  const pastTheEnd = lastPage !== undefined && filters.page > lastPage && tenders.data?.results.length === 0;
  useEffect(() => {
    if (pastTheEnd && lastPage !== undefined)
      setParams(withParams(params, { page: lastPage > 1 ? lastPage : undefined }), { replace: true });
  }, [pastTheEnd, lastPage, params, setParams]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} maw={720}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {heading}
            </Title>
            <Text c="dimmed">{t('list.subtitle')}</Text>
          </Stack>
          <Group gap="xs">
            {/* Issue 19: these filters as a saved search with instant or daily alerts (signs in first). */}
            <PlainButton
              to={`/saved-searches?${savedSearchParams(params)}`}
              variant="subtle"
              data-testid="save-search"
            >
              {t('subscribe.saveSearch')}
            </PlainButton>
            <PlainButton to="/tenders-subscribe" variant="light">
              {t('subscribe.button')}
            </PlainButton>
          </Group>
        </Group>

        <TenderFiltersBar
          key={JSON.stringify(values)}
          value={values}
          countries={countries.data?.results ?? []}
          categoryOption={category ? { value: String(category.id), label: category.name } : undefined}
          onApply={apply}
          onClear={clear}
          searchTooLong={searchTooLong}
        />

        {tenders.data && (
          <Text size="sm" c="dimmed" data-testid="tender-count" aria-live="polite">
            {tenders.data.count_capped
              ? t('list.countAtLeast', {
                  count: new Intl.NumberFormat(i18n.language).format(tenders.data.count),
                })
              : t('list.count', { count: tenders.data.count })}
          </Text>
        )}

        {loading && (
          <CardGrid aria-busy aria-label={t('list.loading')}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={300} radius="md" />
            ))}
          </CardGrid>
        )}

        {tenders.isError && !tenders.data && (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={tenders.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void tenders.refetch() }}
          />
        )}

        {tenders.data && tenders.data.results.length === 0 && (
          <StatusMessage
            icon={<StatusIcon name="search" />}
            title={t('list.empty.title')}
            body={t('list.empty.body')}
            action={{ label: t('filters.clear'), onClick: clear }}
          />
        )}

        {tenders.data && tenders.data.results.length > 0 && (
          <CardGrid style={{ opacity: tenders.isPlaceholderData ? 0.6 : 1 }} data-testid="tender-list">
            {tenders.data.results.map((tender) => (
              <TenderCard key={tender.id} tender={tender} />
            ))}
          </CardGrid>
        )}

        <ListPagination
          page={filters.page}
          totalPages={totalPages}
          onChange={(page) => setParams(withParams(params, { page }))}
        />
      </Stack>
    </Container>
  );
}
