import { Badge } from '@mantine/core';
import { formatEat } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { NS } from './api.ts';

const COLOURS: Record<string, string> = {
  draft: 'gray',
  scheduled: 'blue',
  initial_pause: 'cyan',
  turn: 'green',
  pause: 'cyan',
  open: 'green',
  ended: 'dark',
  award_pending: 'yellow',
  awarded: 'teal',
  cancelled: 'red',
  registered: 'gray',
  method_pending: 'yellow',
  method_approved: 'blue',
  listed: 'green',
  sold: 'teal',
  disposed: 'dark',
  withdrawn: 'red',
};

/** A phase or status in words (never colour alone). */
export function PhaseBadge({ phase, size = 'md' }: { phase: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation(NS);
  return (
    <Badge color={COLOURS[phase] ?? 'gray'} variant="light" size={size} data-testid="auction-phase">
      {t(`phase.${phase}`)}
    </Badge>
  );
}

export const formatInstant = (iso: string | null, language: string) => (iso ? formatEat(iso, language) : '—');
