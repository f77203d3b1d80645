import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { UptimeParams } from '../lib/uptime/api';

/** The Uptime page's view in the address (/uptime?q=shop&source=check&page=2): links, reloads and Back keep it. */
export function useUptimeParams() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const read = new URLSearchParams(search);
  const source = read.get('source');
  const page = Number(read.get('page'));
  const params: UptimeParams = {
    q: read.get('q') || undefined,
    source: source === 'check' || source === 'monitor' ? source : undefined,
    status: read.get('status') || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const set = useCallback(
    (patch: Partial<UptimeParams>, opts: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(patch)) {
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
