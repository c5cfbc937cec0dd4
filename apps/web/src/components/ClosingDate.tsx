import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_TIME_ZONE,
  formatDate,
  sameClockAsNairobi,
  viewerTimeZone,
  zoneName,
} from '../../../lib/format.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

interface Props {
  value: string;
  /** "detail" also gives Nairobi's time when the viewer's clock differs (the deadline is set in Nairobi). */
  variant?: 'inline' | 'detail';
  withTime?: boolean;
}

/**
 * A closing date-time in East Africa Time; a viewer whose clock differs sees it in their own zone, with the
 * zone named so nobody misreads a deadline by hours.
 */
export function ClosingDate({ value, variant = 'inline', withTime = true }: Props) {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  // The server renders Nairobi time; the viewer's own zone is known once the page runs in their browser.
  const zone = useHydrated() ? viewerTimeZone() : DISPLAY_TIME_ZONE;
  const local = zone === DISPLAY_TIME_ZONE || sameClockAsNairobi(value, zone);
  if (local) {
    return <time dateTime={value}>{formatDate(value, language, withTime)}</time>;
  }
  const own = (
    <time dateTime={value}>
      {formatDate(value, language, withTime, zone)} ({zoneName(value, zone, language)})
    </time>
  );
  if (variant === 'inline') return own;
  return (
    <>
      {own}
      <Text component="span" display="block" size="xs" c="dimmed" data-testid="closing-nairobi">
        {t('closing.inNairobi', {
          date: formatDate(value, language, withTime, DISPLAY_TIME_ZONE),
        })}
      </Text>
    </>
  );
}
