import { ThemeIcon } from '@mantine/core';

/**
 * Line drawings in the text's colour, inline like the platform's module icons (no icon library, no emoji:
 * an emoji needs an emoji font, which many Linux and older Windows machines lack; issue 16 point 7).
 */
const PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  checkCircle: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12.5l2.8 2.8L16.5 9.5',
  close: 'M7 7l10 10M17 7L7 17',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  document: 'M7 3h7l5 5v13H7zM14 3v5h5M10 12.5h6M10 16.5h4',
  inbox: 'M4 13h4.5l1.5 2.5h4l1.5-2.5H20M4 13l2.5-8h11L20 13v6H4z',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  lock: 'M6 11h12v9H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 15v2',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.2 15.2 20 20',
  works: 'M4 9h16v4H4zM7 13v7M17 13v7M8 9l-4 4M14 9l-4 4M20 9l-4 4',
} as const;
export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16, stroke = 2 }: { name: IconName; size?: number; stroke?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      data-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The large mark above an empty, error or "coming soon" message (StatusMessage's `icon`). */
export function StatusIcon({ name, color = 'gray' }: { name: IconName; color?: string }) {
  return (
    <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
      <Icon name={name} size={34} stroke={1.6} />
    </ThemeIcon>
  );
}
