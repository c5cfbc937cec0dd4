import { Button, Grid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Buyer, Country, DeadlineFilterOption } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { Select } from '../../../components/LazySelect.tsx';
import { RemotePicker } from '../../../components/RemotePicker.tsx';
import { countryName } from '../../../lib/format.ts';
import { useBuyers, useJobCountries } from '../api/pickers.ts';
import type { JobFilters } from '../api/available-jobs.ts';

export type DeadlineChoice = DeadlineFilterOption | 'all';

export interface FilterChange {
  search?: string | undefined;
  client?: number | undefined;
  country?: number | undefined;
  deadline?: DeadlineChoice;
}

interface Props {
  filters: JobFilters;
  deadline: DeadlineChoice;
  onChange(change: FilterChange): void;
  onClear(): void;
}

/** SPEC §2 filter bar: client, deadline, country; plus a free-text search the API supports. */
export function JobFiltersBar({ filters, deadline, onChange, onClear }: Props) {
  const { t, i18n } = useTranslation('jobs');
  const language = i18n.resolvedLanguage ?? 'en';
  const [search, setSearch] = useState(filters.search ?? '');
  const pushSearch = useDebouncedCallback(
    (value: string) => onChange({ search: value.trim() || undefined }),
    400,
  );

  return (
    <Grid gap="sm" align="flex-end" data-testid="job-filters">
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            pushSearch(event.currentTarget.value);
          }}
          type="search"
          data-testid="filter-search"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <RemotePicker<Buyer>
          label={t('filters.client')}
          placeholder={t('filters.clientPlaceholder')}
          nothingFound={t('filters.nothingFound')}
          value={filters.client}
          onChange={(client) => onChange({ client })}
          useOptions={useBuyers}
          toOption={(buyer) => ({ value: String(buyer.id), label: buyer.company_name })}
          testId="filter-client"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <Select
          label={t('filters.deadline')}
          value={deadline}
          onChange={(value) => onChange({ deadline: (value as DeadlineChoice | null) ?? 'all' })}
          data={[
            { value: 'upcoming', label: t('deadline.upcoming') },
            { value: 'past', label: t('deadline.past') },
            { value: 'all', label: t('deadline.all') },
          ]}
          allowDeselect={false}
          data-testid="filter-deadline"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <RemotePicker<Country>
          label={t('filters.country')}
          placeholder={t('filters.countryPlaceholder')}
          nothingFound={t('filters.nothingFound')}
          value={filters.country}
          onChange={(country) => onChange({ country })}
          useOptions={useJobCountries}
          toOption={(country) => ({
            value: String(country.id),
            label: countryName(country.iso2, country.name, language),
            icon: <CountryFlag src={country.flag} name="" size={12} />,
          })}
          testId="filter-country"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 2 }}>
        <Button
          variant="subtle"
          fullWidth
          onClick={() => {
            setSearch('');
            onClear();
          }}
        >
          {t('filters.clear')}
        </Button>
      </Grid.Col>
    </Grid>
  );
}
