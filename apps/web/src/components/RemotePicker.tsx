import { Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@zabuni/contracts';
import { useState, type ReactNode } from 'react';
import { Select } from './LazySelect.tsx';
import { usePagedOptions, type PickerOption } from './use-paged-options.ts';

export type { PickerOption };

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
  const [known, setKnown] = useState<Record<string, PickerOption>>({});
  const {
    options,
    search: pushQuery,
    loadMore,
    fetching,
  } = usePagedOptions(useOptions, toOption, minSearchLength);
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
      nothingFoundMessage={fetching ? '…' : nothingFound}
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
