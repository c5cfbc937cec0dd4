import {
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchForm } from '@zabuni/contracts';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useAllCountries } from '../../../lib/reference-data.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { savedSearchesApi, savedSearchesQuery } from '../api/tender-alerts.ts';

const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : String(error));

/**
 * Issue 19: a signed-in user's saved searches: the public tender filters (country, sector, job type, text)
 * under a name, with instant or daily alerts by mail; listed and deleted here.
 */
export function Component() {
  const { t } = useTranslation('tender-alerts');
  usePageTitle(t('searches.title'));
  const queryClient = useQueryClient();
  const list = useQuery(savedSearchesQuery());
  const countries = useAllCountries();
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<'instant' | 'daily'>('daily');
  // Opened from the tender list's "Save this search", the form starts with that list's filters.
  const [params] = useSearchParams();
  const [country, setCountry] = useState(() =>
    /^\d+$/.test(params.get('country') ?? '') ? params.get('country')! : '',
  );
  const [sector, setSector] = useState(() => params.get('sector') ?? '');
  const [jobType, setJobType] = useState(() => params.get('job_type') ?? '');
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tender-alerts', 'saved-searches'] });
  const save = useMutation({
    mutationFn: (body: SavedSearchForm) => savedSearchesApi.save(body),
    onSuccess: () => {
      toast.success(t('searches.saved'));
      setName('');
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: savedSearchesApi.remove,
    onSuccess: () => void refresh(),
    onError: failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate({
      name: name.trim(),
      frequency,
      filters: {
        ...(country ? { country: Number(country) } : {}),
        ...(sector ? { sector: sector as SavedSearchForm['filters']['sector'] } : {}),
        ...(jobType ? { job_type: jobType as SavedSearchForm['filters']['job_type'] } : {}),
        ...(search.trim() ? { search: search.trim() } : {}),
      },
    });
  };
  const countryName = (id: number | undefined) =>
    countries.data?.results.find((c) => c.id === id)?.name ?? '';
  const describe = (s: SavedSearch) =>
    [
      countryName(s.filters.country),
      s.filters.sector,
      s.filters.job_type,
      s.filters.search && `“${s.filters.search}”`,
    ]
      .filter(Boolean)
      .join(' · ') || t('searches.everything');
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('searches.title')}
        </Title>
        <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('searches.name')}
                required
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                data-testid="saved-name"
              />
              <NativeSelect
                label={t('searches.frequency')}
                value={frequency}
                onChange={(e) => setFrequency(e.currentTarget.value as 'instant' | 'daily')}
                data={[
                  { value: 'instant', label: t('searches.instant') },
                  { value: 'daily', label: t('searches.daily') },
                ]}
              />
              <NativeSelect
                label={t('manage.country')}
                value={country}
                onChange={(e) => setCountry(e.currentTarget.value)}
                data={[
                  { value: '', label: '—' },
                  ...(countries.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                ]}
              />
              <TextInput
                label={t('searches.search')}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                data-testid="saved-search-text"
              />
              <NativeSelect
                label={t('manage.sectors')}
                value={sector}
                onChange={(e) => setSector(e.currentTarget.value)}
                data={[{ value: '', label: '—' }, ...SECTORS]}
              />
              <NativeSelect
                label={t('manage.job_types')}
                value={jobType}
                onChange={(e) => setJobType(e.currentTarget.value)}
                data={[{ value: '', label: '—' }, ...JOB_TYPES]}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!name.trim()} data-testid="saved-save">
                {t('searches.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        {list.isPending && <Skeleton h={120} />}
        {list.data && list.data.results.length === 0 && <Text c="dimmed">{t('operator.none')}</Text>}
        {list.data && list.data.results.length > 0 && (
          <Table.ScrollContainer minWidth={340}>
            <Table data-testid="saved-list">
              <Table.Tbody>
                {list.data.results.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td fw={600}>{s.name}</Table.Td>
                    <Table.Td>{describe(s)}</Table.Td>
                    <Table.Td>
                      {s.unsubscribed ? t('searches.stopped') : t(`searches.${s.frequency}`)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(s.id)}>
                        {t('searches.delete')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
