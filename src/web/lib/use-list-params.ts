import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export type ListParams<K extends string> = { [P in K]?: string } & { page: number };

/**
 * A list page's view in the address (/websites?q=shop&server=33001&page=3): a link, a reload and Back
 * bring the same view. `keys` are the page's own parameters besides `page`; a filter change returns to
 * page 1 unless the patch says otherwise.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => {
    const read = new URLSearchParams(search);
    const page = Number(read.get('page'));
    const out = { page: Number.isInteger(page) && page > 0 ? page : 1 } as ListParams<K>;
    for (const key of keys) {
      const value = read.get(key);
      if (value) (out as Record<string, unknown>)[key] = value;
    }
    return out;
  }, [search, keys]);
  const set = useCallback(
    (patch: Partial<Record<K | 'page', string | number | undefined>>, opts: { replace?: boolean } = {}) => {
      // A late update (the debounced search) after the person followed a link must not pull them back.
      if (opts.replace && typeof window !== 'undefined' && window.location.pathname !== location) return;
      const next = new URLSearchParams(search);
      const entries = Object.entries(patch) as [string, string | number | undefined][];
      if (!('page' in patch)) next.delete('page');
      for (const [key, value] of entries) {
        if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      navigate(`${location}${query ? `?${query}` : ''}`, { replace: opts.replace });
    },
    [search, location, navigate],
  );
  return { params, set };
}

/**
 * A search box bound to `?q=`: typing updates the box at once and the address (so the server query) a
 * moment after the last key; a link or Back that changes `q` updates the box.
 */
export function useDebouncedQuery(
  q: string | undefined,
  onSettle: (q: string | undefined) => void,
  delayMs = 300,
): [string, (value: string) => void] {
  const [value, setValue] = useState(q ?? '');
  useEffect(() => setValue(q ?? ''), [q]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((q ?? '') !== value.trim()) onSettle(value.trim() || undefined);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, q, onSettle, delayMs]);
  return [value, setValue];
}

/** Query-string of a list request: only the parameters that are set. */
export function listSearch(params: Record<string, string | number | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') out.set(key, String(value));
  }
  return out.toString();
}
