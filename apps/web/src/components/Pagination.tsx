import { Group, Text } from '@mantine/core';
import { paginationChunk } from '@zabuni/domain';
import classes from './Pagination.module.css';
import { UNSTYLED_BUTTON } from './PlainButton.tsx';

interface Props {
  page: number;
  totalPages: number;
  chunkSize: number;
  onChange(page: number): void;
  labels: { nav: string; previous: string; next: string; first: string; last: string; summary: string };
}

/**
 * Page numbers in fixed chunks (SPEC §9: chunk of 4) with first/previous/next/last controls.
 * Plain buttons with Mantine's UnstyledButton classes: the public lists' first load stays within budget.
 */
export function Pagination({ page, totalPages, chunkSize, onChange, labels }: Props) {
  if (totalPages <= 1) return null;
  const pages = paginationChunk(page, totalPages, chunkSize);
  const button = (target: number, label: string, content: string, disabled: boolean) => (
    <button
      type="button"
      className={`${UNSTYLED_BUTTON} ${classes.item}`}
      aria-label={label}
      disabled={disabled}
      data-disabled={disabled || undefined}
      onClick={() => onChange(target)}
    >
      {content}
    </button>
  );
  return (
    <nav aria-label={labels.nav}>
      <Group gap={6} justify="center" wrap="wrap">
        {button(1, labels.first, '«', page === 1)}
        {button(page - 1, labels.previous, '‹', page === 1)}
        {pages.map((p) => (
          <button
            type="button"
            key={p}
            className={`${UNSTYLED_BUTTON} ${classes.item}`}
            data-active={p === page || undefined}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ))}
        {button(page + 1, labels.next, '›', page === totalPages)}
        {button(totalPages, labels.last, '»', page === totalPages)}
      </Group>
      <Text size="xs" c="dimmed" ta="center" mt={6}>
        {labels.summary}
      </Text>
    </nav>
  );
}
