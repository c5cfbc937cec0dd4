import type { ModuleKey } from '../modules.ts';

/** Line drawings in the text's colour; inline, so the platform needs no icon library. */
const PATHS: Record<ModuleKey | 'home', string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 10v10h13V10M10 20v-5h4v5',
  sourcing: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.2 15.2 20 20M8 10.5h5M10.5 8v5',
  contracts: 'M7 3h7l5 5v13H7zM14 3v5h5M10 12.5h6M10 16.5h4',
  p2p: 'M3 4h2.5l2.2 10.5h10.1L20 7H6.4M9 18a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 18a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  risk: 'M12 3 20 6v6c0 4.6-3.3 8.3-8 9-4.7-.7-8-4.4-8-9V6zM12 8.5V13M12 16.3h.01',
};

export function ModuleIcon({ name, size = 20 }: { name: ModuleKey | 'home'; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
