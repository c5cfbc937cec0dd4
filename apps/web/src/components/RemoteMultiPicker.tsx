import { MultiSelect } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@zabuni/contracts';
import { useState, type ReactNode } from 'react';
import type { PickerOption } from './RemotePicker.tsx';
import { usePagedOptions } from './use-paged-options.ts';

interface Props<T> {
  label: string;
  placeholder: string;
  nothingFound: string;
  description?: ReactNode;
  value: readonly number[];
  onChange(value: number[]): void;
  onBlur?(): void;
  /**
   * Fetches one page of options for a search text. A hook that takes `page` lets the list grow as it is
   * scrolled to its end (the API's `next`); one that ignores it shows the first page only.
   */
  useOptions(search: string, page: number): UseQueryResult<Page<T>>;
  toOption(item: T): PickerOption;
  /** Ask the server only for searches at least this long, or for the empty search (SPEC §5: categories, 2). */
  minSearchLength?: number;
  maxValues?: number;
  error?: ReactNode;
  required?: boolean;
  testId?: string;
  /** Names of options chosen before this picker opened (an edit form's saved values). */
  initialOptions?: readonly PickerOption[];
}

/**
 * Several options from a paginated endpoint: typing asks the server, and the chosen options keep their
 * names when a later search no longer returns them.
 */
export function RemoteMultiPicker<T>({
  label,
  placeholder,
  nothingFound,
  description,
  value,
  onChange,
  onBlur,
  useOptions,
  toOption,
  minSearchLength = 0,
  maxValues,
  error,
  required,
  testId,
  initialOptions = [],
}: Props<T>) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Record<string, PickerOption>>(() =>
    Object.fromEntries(initialOptions.map((o) => [o.value, o])),
  );
  const {
    options,
    search: pushQuery,
    loadMore,
    fetching,
  } = usePagedOptions(useOptions, toOption, minSearchLength);
  const selected = value.map(String);
  const data = [...options];
  for (const id of selected) {
    if (!data.some((o) => o.value === id)) data.push(known[id] ?? { value: id, label: `#${id}` });
  }

  return (
    <MultiSelect
      label={label}
      placeholder={selected.length === 0 ? placeholder : undefined}
      description={description}
      data={data.map(({ value: v, label: l }) => ({ value: v, label: l }))}
      value={selected}
      onChange={(next) => {
        const byValue = new Map(data.map((o) => [o.value, o]));
        setKnown((prev) => {
          const kept = { ...prev };
          for (const id of next) {
            const option = byValue.get(id);
            if (option) kept[id] = option;
          }
          return kept;
        });
        onChange(next.map(Number));
      }}
      onBlur={onBlur}
      searchable
      clearable
      hidePickedOptions
      maxValues={maxValues}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        pushQuery(text);
      }}
      // The server already filtered; do not filter again on the label.
      filter={({ options: all }) => all}
      nothingFoundMessage={fetching ? '…' : nothingFound}
      comboboxProps={{ shadow: 'md' }}
      // SPEC §9: pickers read 10 at a time; the next 10 come when the list is scrolled to its end.
      scrollAreaProps={{ onBottomReached: loadMore }}
      error={error}
      required={required}
      data-testid={testId}
    />
  );
}
