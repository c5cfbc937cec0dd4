import { useDebouncedCallback } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@zabuni/contracts';
import { useState, type ReactNode } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

/**
 * The options of a picker fed by a paginated endpoint (SPEC §9: 10 at a time): typing asks the server
 * (debounced; a search shorter than `minSearchLength` keeps the last options), and `loadMore` — called when
 * the list is scrolled to its end — appends the next page while the API says there is one. A hook that
 * ignores `page` answers page 1 again: nothing new means there is nothing more to read.
 */
export function usePagedOptions<T>(
  useOptions: (search: string, page: number) => UseQueryResult<Page<T>>,
  toOption: (item: T) => PickerOption,
  minSearchLength = 0,
) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedCallback((text: string) => {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.length >= minSearchLength) {
      setQuery(trimmed);
      setPage(1);
    }
  }, 300);
  // The pages read so far for the current search, in order; a new search starts again at page 1.
  const [loaded, setLoaded] = useState<{
    query: string;
    pages: T[][];
    more: boolean;
    from?: Page<T> | undefined;
  }>({ query: '', pages: [], more: false });
  const result = useOptions(query, page);
  const fresh = result.data && !result.isPlaceholderData ? result.data : undefined;
  if (fresh && fresh !== loaded.from) {
    // A page has arrived: keep it after the ones before it (render-time update, no effect round trip).
    const pages = loaded.query === query ? loaded.pages.slice(0, page - 1) : [];
    pages[page - 1] = fresh.results;
    setLoaded({ query, pages, more: Boolean(fresh.next), from: fresh });
  }
  const current = loaded.query === query ? loaded.pages.flat() : (result.data?.results ?? []);
  const seen = new Set<string>();
  const options = current.map(toOption).filter((o) => !seen.has(o.value) && Boolean(seen.add(o.value)));
  const grew = loaded.pages.length < 2 || options.length > loaded.pages.slice(0, -1).flat().length;
  const loadMore = () => {
    // Asking again while the next page is on its way changes nothing: it is the same page.
    if (loaded.query === query && loaded.more && grew) setPage(loaded.pages.length + 1);
  };
  return { options, search, loadMore, fetching: result.isFetching };
}
