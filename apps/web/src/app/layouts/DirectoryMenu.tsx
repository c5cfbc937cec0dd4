import { useQuery } from '@tanstack/react-query';
import type { TopNavDirectories } from '@zabuni/contracts';
import { useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { apiGet } from '../../lib/api-client.ts';
import classes from './DirectoryMenu.module.css';

/**
 * SPEC §2 "Top navigation mega-menu: lists directories by country flag", under the header's Supplier
 * Directory link. The link stays as it was (same width in every language); the panel opens on hover or
 * keyboard focus and its links exist only while it is open, so the closed header holds the same links.
 * The directories are fetched on first opening (GET …/top-nav-directories/).
 */
export function DirectoryMenu({
  to,
  label,
  className,
}: {
  to: string;
  label: string;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const menu = useQuery({
    queryKey: ['supplier-directory', 'top-nav'],
    queryFn: ({ signal }) =>
      apiGet<TopNavDirectories>('/supplier-directory/directories/top-nav-directories/', undefined, signal),
    enabled: wanted,
    staleTime: 300_000,
  });
  const show = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setWanted(true);
    setOpen(true);
  };
  // A short delay lets the pointer cross the gap between the link and the panel.
  const hide = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };
  const blur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const directories = menu.data?.results ?? [];
  return (
    <div
      className={classes.wrap}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={blur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      data-testid="directory-menu"
    >
      <NavLink to={to} className={className} aria-expanded={open} onClick={() => setOpen(false)}>
        {label}
      </NavLink>
      {open && (
        <div className={classes.panel} data-testid="directory-menu-panel">
          <div className={classes.title}>{t('nav.directoryMenu.title')}</div>
          {menu.data && directories.length === 0 && (
            <div className={classes.none}>{t('nav.directoryMenu.none')}</div>
          )}
          <div className={classes.grid}>
            {directories.map((directory) => (
              <Link
                key={directory.id}
                to={`/supplier-directory/${directory.id}`}
                className={classes.item}
                onClick={() => setOpen(false)}
              >
                <img src={directory.country.flag} alt="" width={24} height={18} className={classes.flag} />
                <span>{directory.country.name}</span>
              </Link>
            ))}
          </div>
          <Link to={to} className={classes.all} onClick={() => setOpen(false)}>
            {t('nav.directoryMenu.all')} →
          </Link>
        </div>
      )}
    </div>
  );
}
