import { Group, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@zabuni/contracts';
import { useState, type ReactNode } from 'react';
import { Select } from './LazySelect.tsx';

export interface PickerOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

interface Props<T> {
  label: string;
  placeholder: string;
  nothingFound: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  /**
   * Fetches one page of options for a search text. A hook that takes `page` lets the list grow as it is
   * scrolled to its end (the API's `next`); one that ignores it shows the first page only.
   */
  useOptions(search: string, page: number): UseQueryResult<Page<T>>;
  toOption(item: T): PickerOption;
  /** The chosen option's label when the caller knows it (a value read from the address or a saved record). */
  selectedOption?: PickerOption | undefined;
  /** Ask the server only for searches at least this long, or for the empty search (SPEC §5: categories, 2). */
  minSearchLength?: number;
  error?: ReactNode;
  required?: boolean;
  testId?: string;
}

/**
 * A searchable picker whose options come from a paginated endpoint: typing asks the server (the picker page
 * size applies), so it works for 3,400 clients as well as for 10.
 */
export function RemotePicker<T>({
  label,
  placeholder,
  nothingFound,
  value,
  onChange,
  useOptions,
  toOption,
  selectedOption,
  minSearchLength = 0,
  error,
  required,
  testId,
}: Props<T>) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const pushQuery = useDebouncedCallback((text: string) => {
    const trimmed = text.trim();
    // A search too short to mean anything keeps the options of the last one.
    if (trimmed === '' || trimmed.length >= minSearchLength) {
      setQuery(trimmed);
      setPage(1);
    }
  }, 300);
  const [known, setKnown] = useState<Record<string, PickerOption>>({});
  // The pages read so far for the current search, in order; a new search starts again at page 1.
  const [loaded, setLoaded] = useState<{
    query: string;
    pages: T[][];
    more: boolean;
    from?: Page<T> | undefined;
  }>({ query: '', pages: [], more: false });
  const result = useOptions(query, page);
  const fresh = result.data && !result.isPlaceholderData ? result.data : undefined;
  if (fresh && fresh !== loaded.from) {
    // A page has arrived: keep it after the ones before it (render-time update, no effect round trip).
    const pages = loaded.query === query ? loaded.pages.slice(0, page - 1) : [];
    pages[page - 1] = fresh.results;
    setLoaded({ query, pages, more: Boolean(fresh.next), from: fresh });
  }
  const current = loaded.query === query ? loaded.pages.flat() : (result.data?.results ?? []);
  const seen = new Set<string>();
  const options = current.map(toOption).filter((o) => !seen.has(o.value) && Boolean(seen.add(o.value)));
  // A hook that ignores `page` answers page 1 again: nothing new means there is nothing more to read.
  const grew = loaded.pages.length < 2 || options.length > loaded.pages.slice(0, -1).flat().length;
  const loadMore = () => {
    // Asking again while the next page is on its way changes nothing: it is the same page.
    if (loaded.query === query && loaded.more && grew) setPage(loaded.pages.length + 1);
  };
  const selected = value === undefined ? null : String(value);
  // Keep the chosen option in the list even when the current search no longer returns it.
  const data = [...options];
  if (selected && !data.some((o) => o.value === selected)) {
    const fromCaller = selectedOption?.value === selected ? selectedOption : undefined;
    data.unshift(known[selected] ?? fromCaller ?? { value: selected, label: `#${selected}` });
  }
  const icons = new Map(data.map((o) => [o.value, o.icon]));

  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data.map(({ value: v, label: l }) => ({ value: v, label: l }))}
      value={selected}
      onChange={(next) => {
        if (next) {
          const option = data.find((o) => o.value === next);
          if (option) setKnown((prev) => ({ ...prev, [next]: option }));
        }
        onChange(next ? Number(next) : undefined);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        pushQuery(text);
      }}
      // The server already filtered; do not filter again on the label.
      filter={({ options: all }) => all}
      nothingFoundMessage={result.isFetching ? '…' : nothingFound}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          {icons.get(option.value)}
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      leftSection={selected ? icons.get(selected) : undefined}
      comboboxProps={{ shadow: 'md' }}
      // SPEC §9: pickers read 10 at a time; the next 10 come when the list is scrolled to its end.
      scrollAreaProps={{ onBottomReached: loadMore }}
      error={error}
      required={required}
      data-testid={testId}
    />
  );
}
