import { Badge } from '@mantine/core';
import { readableTextOn } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { NS } from '../api.ts';

/** The default matrix's colours, with black or white text, whichever contrasts more (WCAG). */
const BAND_COLOURS: Record<string, string> = {
  low: '#2f9e44',
  medium: '#fcc419',
  high: '#f76707',
  extreme: '#c92a2a',
  critical: '#c92a2a',
};

/** A band named in words (the colour only repeats it). */
export function BandBadge({ band, score }: { band: string; score?: number }) {
  const { t } = useTranslation(NS);
  const background = BAND_COLOURS[band] ?? '#495057';
  return (
    <Badge
      color={background}
      variant="filled"
      tt="none"
      styles={{ root: { color: readableTextOn(background) } }}
      data-testid="band-badge"
    >
      {score === undefined
        ? t(`bands.${band}`, { defaultValue: band })
        : `${score} · ${t(`bands.${band}`, { defaultValue: band })}`}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  const colour =
    status === 'open' ? 'blue' : status === 'accepted' ? 'teal' : status === 'closed' ? 'gray' : 'grape';
  return (
    <Badge color={colour} variant="outline" tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}
