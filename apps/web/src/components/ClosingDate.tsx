import { useTranslation } from 'react-i18next';
import { DISPLAY_TIME_ZONE, formatDate, formatForViewer, viewerTimeZone } from '../lib/format.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

interface Props {
  value: string;
  withTime?: boolean;
}

/**
 * A closing date-time, the same way on jobs, tenders and orders (issue 16 point 6): in East Africa Time
 * with its label; a viewer whose clock differs sees their own time, named, and EAT beside it, so nobody
 * misreads a deadline by hours.
 */
export function ClosingDate({ value, withTime = true }: Props) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  // The server renders Nairobi time; the viewer's own zone is known once the page runs in their browser.
  const zone = useHydrated() ? viewerTimeZone() : DISPLAY_TIME_ZONE;
  return (
    <time dateTime={value} data-testid="closing-time">
      {withTime ? formatForViewer(value, language, zone) : formatDate(value, language)}
    </time>
  );
}
