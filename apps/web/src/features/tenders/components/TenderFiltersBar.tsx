import i18next from 'i18next';
import { Button, Grid, Group, Paper, TextInput } from '@mantine/core';
import type { Category, Country, JobType, Sector } from '@zabuni/contracts';
import { JOB_TYPES, SEARCH_MAX_LENGTH, SECTORS } from '@zabuni/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { Select } from '../../../components/LazySelect.tsx';
import { RemotePicker, type PickerOption } from '../../../components/RemotePicker.tsx';
import { translateCode } from '../../../lib/error-codes.ts';
import { countryName } from '../../../lib/format.ts';
import { useCategories } from '../../../lib/reference-data.ts';

export type DeadlineChoice = 'upcoming' | 'past' | 'all';
/** A country id, or every country ("all"); the list starts on Kenya (SPEC §9). */
export type CountryChoice = number | 'all';

export interface TenderFilterValues {
  search?: string | undefined;
  category?: number | undefined;
  sector?: Sector | undefined;
  job_type?: JobType | undefined;
  country: CountryChoice;
  deadline: DeadlineChoice;
}

interface Props {
  value: TenderFilterValues;
  countries: readonly Country[];
  /** The chosen category's name when the list already knows it (from a card). */
  categoryOption?: PickerOption | undefined;
  onApply(next: TenderFilterValues): void;
  onClear(): void;
  /** The address's search is longer than the API accepts: it was not applied. */
  searchTooLong?: boolean | undefined;
}

/**
 * The field's message by its catalogue code, with the limit filled in. The filters' code loads with the
 * `errors` namespace (AvailableTendersPage.tsx), so the code is always known here; the form helpers (react-hook-form, the whole
 * English catalogue) stay out of the list's first load.
 */
const tooLongText = () =>
  translateCode('field.too_long', { max: SEARCH_MAX_LENGTH }) ?? i18next.t('errors.generic');

/**
 * SPEC §2 tender filters: category, sector, job type and a Filter button; plus country, deadline and a text
 * search. Choices take effect with the Filter button (or Enter), so several can be changed at once.
 */
export function TenderFiltersBar({
  value,
  countries,
  categoryOption,
  onApply,
  onClear,
  searchTooLong,
}: Props) {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  const [draft, setDraft] = useState<TenderFilterValues>(value);
  const change = (patch: Partial<TenderFilterValues>) => setDraft((prev) => ({ ...prev, ...patch }));
  const flags = new Map(countries.map((c) => [String(c.id), c]));
  const searchError =
    (draft.search?.trim().length ?? 0) > SEARCH_MAX_LENGTH ||
    (searchTooLong && draft.search === value.search);
  const chosenCountry = draft.country === 'all' ? undefined : flags.get(String(draft.country));

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      role="search"
      aria-label={t('filters.label')}
      data-testid="tender-filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (searchError) return;
        onApply({ ...draft, search: draft.search?.trim() || undefined });
      }}
    >
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            type="search"
            value={draft.search ?? ''}
            maxLength={SEARCH_MAX_LENGTH}
            error={searchError ? tooLongText() : undefined}
            onChange={(event) => change({ search: event.currentTarget.value })}
            data-testid="filter-search"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RemotePicker<Category>
            label={t('filters.category')}
            placeholder={t('filters.categoryPlaceholder')}
            nothingFound={t('filters.nothingFound')}
            value={draft.category}
            onChange={(category) => change({ category })}
            useOptions={useCategories}
            toOption={(category) => ({ value: String(category.id), label: category.name })}
            selectedOption={categoryOption}
            minSearchLength={2}
            testId="filter-category"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label={t('filters.country')}
            placeholder={t('filters.allCountries')}
            data={countries.map((c) => ({
              value: String(c.id),
              label: countryName(c.iso2, c.name, language),
            }))}
            value={draft.country === 'all' ? null : String(draft.country)}
            onChange={(next) => change({ country: next ? Number(next) : 'all' })}
            searchable
            clearable
            leftSection={
              chosenCountry ? <CountryFlag src={chosenCountry.flag} name="" size={12} /> : undefined
            }
            renderOption={({ option }) => {
              const country = flags.get(option.value);
              return (
                <Group gap="xs" wrap="nowrap">
                  {country && <CountryFlag src={country.flag} name="" size={12} />}
                  {option.label}
                </Group>
              );
            }}
            nothingFoundMessage={t('filters.nothingFound')}
            data-testid="filter-country"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Select
            label={t('filters.sector')}
            placeholder={t('filters.allSectors')}
            data={SECTORS.map((s) => ({ value: s, label: t(`sector.${s}`) }))}
            value={draft.sector ?? null}
            onChange={(next) => change({ sector: (next as Sector | null) ?? undefined })}
            clearable
            data-testid="filter-sector"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Select
            label={t('filters.jobType')}
            placeholder={t('filters.allJobTypes')}
            data={JOB_TYPES.map((j) => ({ value: j, label: t(`jobType.${j}`) }))}
            value={draft.job_type ?? null}
            onChange={(next) => change({ job_type: (next as JobType | null) ?? undefined })}
            clearable
            data-testid="filter-job-type"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <Select
            label={t('filters.deadline')}
            data={[
              { value: 'upcoming', label: t('deadline.upcoming') },
              { value: 'past', label: t('deadline.past') },
              { value: 'all', label: t('deadline.all') },
            ]}
            value={draft.deadline}
            onChange={(next) => change({ deadline: (next as DeadlineChoice | null) ?? 'all' })}
            allowDeselect={false}
            data-testid="filter-deadline"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <Group gap="xs" wrap="nowrap">
            <Button type="submit" flex={1} data-testid="filter-submit">
              {t('filters.submit')}
            </Button>
            <Button type="button" variant="subtle" onClick={onClear}>
              {t('filters.clear')}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
