import type { SearchItem } from '@shared/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useEffect, useState } from 'react';

/** How long typing must pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 150;
const SERVER_LIMIT = 20;

/** The value once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * Clients, websites, servers, monitors and tasks matching the query, ranked by the server. The previous
 * answer stays while the next one loads (no flicker); a superseded request is aborted via its signal.
 */
export function useServerSearch(query: string) {
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      api.get<{ data: SearchItem[] }>(
        `/api/search?${new URLSearchParams({ q, limit: String(SERVER_LIMIT) })}`,
        { signal },
      ),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    gcTime: 60_000,
  });
  return {
    items: q === '' ? [] : (result.data?.data ?? []),
    isFetching: result.isFetching,
    isError: result.isError,
    /** True until the records for the typed query have arrived. */
    isPending: q !== query.trim() || (q !== '' && result.isFetching),
  };
}
