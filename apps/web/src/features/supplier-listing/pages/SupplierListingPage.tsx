import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SUPPLIER_LETTERS, type SupplierLetter, type SupplierListingEntry } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useAllCountries } from '../../../lib/reference-data.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from './SupplierListingPage.module.css';
import {
  flagOf,
  supplierLettersQuery,
  supplierListingQuery,
  type ListingFilters,
} from '../api/supplier-listing.ts';

/** Entries shown per letter on the overview; a letter's own page shows more, and pages on by cursor. */
const OVERVIEW_PER_LETTER = 15;
const LETTER_PAGE_SIZE = 100;

const isLetter = (value: string | null): value is SupplierLetter =>
  value !== null && (SUPPLIER_LETTERS as readonly string[]).includes(value);

/** The address of the listing with these parameters (the filters kept). */
function listingHref(filters: ListingFilters, extra: { letter?: SupplierLetter; cursor?: string } = {}) {
  const params = new URLSearchParams();
  if (extra.letter) params.set('letter', extra.letter);
  if (filters.country) params.set('country', filters.country);
  if (filters.category) params.set('category', String(filters.category));
  if (extra.cursor) params.set('cursor', extra.cursor);
  const query = params.toString();
  return query ? `/suppliers?${query}` : '/suppliers';
}

/** Issue 18 / SPEC §2: the A–Z listing of approved suppliers, five columns per letter, country flag and name. */
export function Component() {
  const { t } = useTranslation('registry');
  const [params] = useSearchParams();
  const country = params.get('country');
  const category = Number(params.get('category'));
  const filters: ListingFilters = {
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined,
    category: Number.isInteger(category) && category > 0 ? category : undefined,
  };
  const letterParam = params.get('letter');
  const letter = isLetter(letterParam) ? letterParam : undefined;
  const cursor = params.get('cursor') ?? undefined;
  const letters = useQuery(supplierLettersQuery(filters));
  usePageTitle(letter ? t('listing.letterTitle', { letter }) : t('listing.title'));
  useMetaDescription(t('listing.description'));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={4} maw={720}>
            <Title order={1}>{letter ? t('listing.letterTitle', { letter }) : t('listing.title')}</Title>
            <Text c="dimmed">{t('listing.lead')}</Text>
          </Stack>
          <Button component={Link} to="/supplier/register" color="orange">
            {t('listing.join')}
          </Button>
        </Group>
        <FiltersForm filters={filters} letter={letter} />
        {letters.isError ? (
          <StatusMessage title={t('errors.loadFailed', { ns: 'common' })} body={letters.error.message} />
        ) : !letters.data ? (
          <Skeleton height={160} radius="md" />
        ) : letters.data.letters.length === 0 ? (
          <StatusMessage
            title={t('listing.empty.title')}
            body={filters.country || filters.category ? t('listing.empty.filtered') : t('listing.empty.body')}
          />
        ) : (
          <>
            <nav aria-label={t('listing.lettersLabel')}>
              <Group gap={6}>
                {letters.data.letters.map((l) => (
                  <Button
                    key={l}
                    component={Link}
                    to={listingHref(filters, { letter: l })}
                    variant={l === letter ? 'filled' : 'light'}
                    size="compact-md"
                    miw={36}
                    aria-current={l === letter ? 'page' : undefined}
                  >
                    {l}
                  </Button>
                ))}
                {letter && (
                  <Anchor component={Link} to={listingHref(filters)} size="sm" ml="xs">
                    {t('listing.allLetters')}
                  </Anchor>
                )}
              </Group>
            </nav>
            {letter ? (
              <LetterSection
                letter={letter}
                filters={filters}
                cursor={cursor}
                pageSize={LETTER_PAGE_SIZE}
                own
              />
            ) : (
              letters.data.letters.map((l) => (
                <LetterSection key={l} letter={l} filters={filters} pageSize={OVERVIEW_PER_LETTER} />
              ))
            )}
          </>
        )}
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{t('listing.joinTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('listing.joinBody')}
              </Text>
            </Stack>
            <Button component={Link} to="/supplier/register" color="orange">
              {t('listing.join')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

/** A plain GET form: filtering works before (and without) the page's script. */
function FiltersForm({ filters, letter }: { filters: ListingFilters; letter: SupplierLetter | undefined }) {
  const { t } = useTranslation('registry');
  const countries = useAllCountries();
  return (
    <form method="get" action="/suppliers">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {letter && <input type="hidden" name="letter" value={letter} />}
        {filters.category && <input type="hidden" name="category" value={filters.category} />}
        <label className={classes.field}>
          <span className={classes.label}>{t('listing.country')}</span>
          <select name="country" defaultValue={filters.country ?? ''} className={classes.select}>
            <option value="">{t('listing.allCountries')}</option>
            {(countries.data?.results ?? []).map((c) => (
              <option key={c.iso2} value={c.iso2}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="default">
          {t('listing.filter')}
        </Button>
        {filters.category && (
          <Anchor component={Link} to={listingHref({ country: filters.country }, { letter })} size="sm">
            {t('listing.clearCategory')}
          </Anchor>
        )}
      </Group>
    </form>
  );
}

function LetterSection({
  letter,
  filters,
  cursor,
  pageSize,
  own = false,
}: {
  letter: SupplierLetter;
  filters: ListingFilters;
  cursor?: string | undefined;
  pageSize: number;
  own?: boolean;
}) {
  const { t } = useTranslation('registry');
  const page = useQuery(supplierListingQuery(letter, filters, cursor, pageSize));
  const next = page.data?.next_cursor;
  return (
    <section aria-labelledby={`letter-${letter}`}>
      <Title order={2} id={`letter-${letter}`} fz="xl" mb="xs" c="brand">
        {letter === '#' ? t('listing.otherLetter') : letter}
      </Title>
      {page.isError ? (
        <Text c="red">{page.error.message}</Text>
      ) : !page.data ? (
        <Skeleton height={60} />
      ) : page.data.results.length === 0 ? (
        <Text c="dimmed">{t('listing.empty.letter')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 3, lg: 5 }}
          spacing="md"
          verticalSpacing={6}
          component="ul"
          className={classes.entries}
        >
          {page.data.results.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </SimpleGrid>
      )}
      {next && (
        <Anchor
          component={Link}
          to={listingHref(filters, own ? { letter, cursor: next } : { letter })}
          size="sm"
          mt="xs"
          display="inline-block"
        >
          {t('listing.more', { letter: letter === '#' ? t('listing.otherLetter') : letter })}
        </Anchor>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: SupplierListingEntry }) {
  return (
    <li>
      <Group gap={8} wrap="nowrap">
        <CountryFlag src={flagOf(entry.country.iso2)} name={entry.country.name} size={14} />
        <Anchor component={Link} to={`/suppliers/show/${entry.id}`} size="sm" lineClamp={2}>
          {entry.name}
        </Anchor>
      </Group>
    </li>
  );
}
