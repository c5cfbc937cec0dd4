import { MultiSelect } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useCategories } from '../../../../lib/reference-data.ts';

interface Named {
  id: number;
  name: string;
}

/**
 * Several procurement categories (479 of them): typing asks the server; the chosen ones keep their names,
 * including those the record already had (`known`).
 */
export function CategoriesPicker({
  label,
  placeholder,
  nothingFound,
  description,
  value,
  known,
  onChange,
  error,
  testId,
}: {
  label: string;
  placeholder: string;
  nothingFound: string;
  description?: ReactNode;
  value: readonly number[];
  known: readonly Named[];
  onChange(value: number[], chosen: Named[]): void;
  error?: ReactNode;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const pushQuery = useDebouncedCallback((text: string) => {
    const trimmed = text.trim();
    // SPEC §5: category searches start at two letters.
    if (trimmed === '' || trimmed.length >= 2) setQuery(trimmed);
  }, 300);
  const result = useCategories(query);
  const names = new Map<number, string>(known.map((c) => [c.id, c.name]));
  for (const category of result.data?.results ?? []) names.set(category.id, category.name);
  const fromServer = new Set((result.data?.results ?? []).map((c) => String(c.id)));
  const options = [...names].map(([id, name]) => ({ value: String(id), label: name }));
  for (const id of value) {
    if (!names.has(id)) options.push({ value: String(id), label: `#${id}` });
  }
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? placeholder : undefined}
      description={description}
      data={options}
      value={value.map(String)}
      onChange={(next) => {
        const ids = next.map(Number);
        onChange(
          ids,
          ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
        );
      }}
      searchable
      clearable
      hidePickedOptions
      maxValues={100}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        pushQuery(text);
      }}
      // The server has searched its own way; names the record brought along are matched here.
      filter={({ options: all, search: typed }) => {
        const text = typed.trim().toLowerCase();
        if (!text) return all;
        return all.filter(
          (option) =>
            'value' in option && (fromServer.has(option.value) || option.label.toLowerCase().includes(text)),
        );
      }}
      nothingFoundMessage={result.isFetching ? '…' : nothingFound}
      comboboxProps={{ shadow: 'md', withinPortal: true }}
      error={error}
      data-testid={testId}
    />
  );
}
