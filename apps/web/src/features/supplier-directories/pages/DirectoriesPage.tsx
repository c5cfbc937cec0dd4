import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Directory } from '@zabuni/contracts';
import { PAGINATION_CHUNK, PAGE_SIZE } from '@zabuni/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { directoriesQuery, TEMPLATE_PATH, type DirectoryOrdering } from '../api/directories.ts';

/** SPEC §2 supplier directory list: search, order, 16 a page; each directory leads to its detail. */
export function Component() {
  const { t, i18n } = useTranslation('directories');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('title'));
  useMetaDescription(t('metaDescription'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const order: DirectoryOrdering = params.get('order') === 'desc' ? 'desc' : 'asc';
  const [typed, setTyped] = useState(search);
  const list = useQuery(directoriesQuery(page, search, order));

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  // The search applies 300 ms after typing stops, from page 1 (as on the operators' tender lists).
  const pushSearch = useDebouncedCallback((value: string) => {
    if (value.trim() !== search) update({ search: value.trim() || null, page: null });
  }, 300);

  const totalPages = list.data ? Math.ceil(list.data.count / PAGE_SIZE.listing) : 0;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('lead')}
          </Text>
        </Stack>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
            maxLength={100}
            w={{ base: '100%', sm: 320 }}
            data-testid="directory-search"
          />
          <NativeSelect
            label={t('order.label')}
            value={order}
            onChange={(event) =>
              update({ order: event.currentTarget.value === 'desc' ? 'desc' : null, page: null })
            }
            data={[
              { value: 'asc', label: t('order.asc') },
              { value: 'desc', label: t('order.desc') },
            ]}
            w={{ base: '100%', sm: 180 }}
            data-testid="directory-order"
          />
          {list.data && (
            <Text size="sm" c="dimmed" ml={{ sm: 'auto' }}>
              {t('count', { count: list.data.count })}
            </Text>
          )}
        </Group>

        {list.isError && !list.data ? (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={list.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void list.refetch() }}
          />
        ) : !list.data ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={220} radius="md" />
            ))}
          </SimpleGrid>
        ) : list.data.results.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text ta="center" c="dimmed" data-testid="directories-empty">
              {search ? t('emptySearch', { search }) : t('empty')}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="directories">
            {list.data.results.map((directory) => (
              <DirectoryCard key={directory.id} directory={directory} language={language} />
            ))}
          </SimpleGrid>
        )}

        <Pagination
          page={page}
          totalPages={totalPages}
          chunkSize={PAGINATION_CHUNK}
          onChange={(next) => {
            update({ page: next > 1 ? String(next) : null });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            first: t('pagination.first'),
            last: t('pagination.last'),
            summary: t('pagination.summary', { page, pages: totalPages }),
          }}
        />

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{t('join.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('join.body')}
              </Text>
              <Anchor href={TEMPLATE_PATH} size="sm" download data-testid="directory-template">
                {t('template')}
              </Anchor>
            </Stack>
            <Button component={Link} to="/supplier/register" color="orange" data-testid="join-now">
              {t('join.button')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

function DirectoryCard({ directory, language }: { directory: Directory; language: string }) {
  const { t } = useTranslation('directories');
  const to = `/supplier-directory/${directory.id}`;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="directory-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <CountryFlag src={directory.country.flag} name={directory.country.name} size={24} />
          <Anchor component={Link} to={to} fw={700} fz="lg" c="dark" lh={1.3}>
            {directory.name}
          </Anchor>
        </Group>
        <Stack gap={4} style={{ flex: 1 }}>
          {directory.features.slice(0, 3).map((feature) => (
            <Text key={feature} size="sm" c="dimmed">
              ✓ {feature}
            </Text>
          ))}
        </Stack>
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Badge size="lg" variant="light" color="brand" tt="none" data-testid="directory-price">
            {formatMoney(directory.amount, directory.currency.initials, language)}
          </Badge>
          <Button component={Link} to={to} size="xs" variant="light">
            {t('view')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
