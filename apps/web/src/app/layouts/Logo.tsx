import { Link } from 'react-router';

/** The Zabuni mark and name, linking to the site's or the platform's home. */
export function Logo({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={className} aria-label="Zabuni">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M9 9h14v3.2L13.6 20H23v3H9v-3.2L18.4 12H9z" fill="#fff" />
      </svg>
      <span>Zabuni</span>
    </Link>
  );
}
