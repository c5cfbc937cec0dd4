import { Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@zabuni/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { ModerationNav } from './ModerationNav.tsx';
import { OperatorPagination } from './OperatorPagination.tsx';
import { StatusMessage } from './StatusMessage.tsx';

/**
 * An operator list's status tab and page, kept in the URL: `?status=` (left out for the first tab, the
 * default) and `?page=`. Changing the tab goes back to page 1.
 */
export function useStatusTabs<S extends string>(tabs: readonly [S, ...S[]]) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const status = tabs.find((tab) => tab === params.get('status')) ?? first;
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    status,
    page,
    setStatus: (value: string | null) => setParams(value && value !== first ? { status: value } : {}),
    setPage: (next: number) => setParams({ ...(status === first ? {} : { status }), page: String(next) }),
  };
}

interface Props<T, S extends string> {
  /** The page's heading, also its title in the browser. */
  title: string;
  /** Next to the heading (a "New …" button). */
  actions?: ReactNode;
  /** Status tabs over the list (with `useStatusTabs`); none if left out. */
  tabs?: {
    value: S;
    options: ReadonlyArray<{ value: S; label: string }>;
    onChange(value: string | null): void;
  };
  /** The page of rows shown. */
  list: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  /** What an empty list says: a string shows dimmed; any other node as it is. */
  empty: ReactNode;
  /** The loading placeholder's height (about one row's). */
  loadingHeight?: number;
  /** The rows, once loaded and not empty: cards (each with its key) or a table. */
  children(rows: T[]): ReactNode;
  /** After the list, in the page (dialogs and modals). */
  extra?: ReactNode;
}

/**
 * The frame of the operator's (moderator's) lists under /moderation: the areas' links, the heading, status
 * tabs, the rows with their loading, failed (with Retry) and empty states, and the pagination.
 *
 * ```tsx
 * const { status, page, setStatus, setPage } = useStatusTabs(TABS);
 * const list = useQuery(thingsQuery(status, page));
 * <OperatorList
 *   title={t('admin.title')}
 *   tabs={{ value: status, options: TABS.map((s) => ({ value: s, label: t(`admin.tabs.${s}`) })), onChange: setStatus }}
 *   list={list} page={page} pageSize={THING_PAGE_SIZE} onPageChange={setPage}
 *   empty={t('admin.empty')}
 * >
 *   {(rows) => rows.map((row) => <ThingItem key={row.id} thing={row} />)}
 * </OperatorList>
 * ```
 */
export function OperatorList<T, S extends string = string>({
  title,
  actions,
  tabs,
  list,
  page,
  pageSize,
  onPageChange,
  empty,
  loadingHeight = 160,
  children,
  extra,
}: Props<T, S>) {
  const { t } = useTranslation();
  usePageTitle(title);
  const rows = list.data?.results ?? [];
  const heading = <Title order={1}>{title}</Title>;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ModerationNav />
        {actions ? (
          <Group justify="space-between">
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {tabs && (
          <Tabs value={tabs.value} onChange={tabs.onChange}>
            <Tabs.List>
              {tabs.options.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        {list.isPending ? (
          <Skeleton height={loadingHeight} radius="md" />
        ) : list.isError ? (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={list.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void list.refetch() }}
          />
        ) : rows.length === 0 ? (
          typeof empty === 'string' ? (
            <Text c="dimmed" py="lg">
              {empty}
            </Text>
          ) : (
            empty
          )
        ) : (
          children(rows)
        )}
        <OperatorPagination
          page={page}
          count={list.data?.count ?? 0}
          pageSize={pageSize}
          onChange={onPageChange}
        />
      </Stack>
      {extra}
    </Container>
  );
}
