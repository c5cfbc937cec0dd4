import { Loader, ThemeIcon } from '@mantine/core';

const PATHS = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  failure: 'M7 7l10 10M17 7L7 17',
} as const;

/** The large mark at the top of a result: a tick, a cross, or a spinner while the payment is processed. */
export function ResultIcon({ kind }: { kind: 'success' | 'failure' | 'processing' }) {
  if (kind === 'processing') return <Loader size={56} type="oval" aria-hidden />;
  return (
    <ThemeIcon size={64} radius="xl" color={kind === 'success' ? 'green' : 'red'} variant="light" aria-hidden>
      <svg width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
        <path d={PATHS[kind]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ThemeIcon>
  );
}
