import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at its top (a form sent from its bottom used to land on the middle of the next page).
 * Back and forward are left to the browser; a list's filters and pages (its query string) keep the
 * position. Cheaper than the router's ScrollRestoration (1 kB gzip in the first load).
 */
export function useScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}
