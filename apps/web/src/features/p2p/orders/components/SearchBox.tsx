import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A search box whose text goes to the address a moment after typing stops; back and forward bring the
 * address's text back into the box (unless it is what was just typed).
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  testId,
}: {
  label: string;
  placeholder?: string;
  value: string | undefined;
  onSearch(value: string | undefined): void;
  testId?: string;
}) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  const push = useDebouncedCallback((next: string) => onSearch(next.trim() || undefined), 400);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
      w={{ base: '100%', xs: 240 }}
      data-testid={testId}
    />
  );
}
