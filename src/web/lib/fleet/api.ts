import type { Coverage, FleetCounts, FleetSite, FleetSiteIds } from '@shared/fleet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export type FleetFilter = { clientId?: number; serverId?: string; tagId?: number };
export type FleetPick = { php?: string; wordpress?: string };

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();
  return q ? `?${q}` : '';
};

export const fleetKeys = {
  all: ['fleet'] as const,
  counts: (f: FleetFilter) => ['fleet', 'counts', f] as const,
  sites: (f: FleetFilter & FleetPick & { page: number }) => ['fleet', 'sites', f] as const,
  coverage: ['coverage'] as const,
};

export function useFleetCounts(filter: FleetFilter) {
  return useQuery({
    queryKey: fleetKeys.counts(filter),
    queryFn: ({ signal }) => api.get<FleetCounts>(`/api/fleet${query(filter)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

export const FLEET_PAGE_SIZE = 25;

export function useFleetSites(filter: FleetFilter & FleetPick & { page: number }) {
  return useQuery({
    queryKey: fleetKeys.sites(filter),
    queryFn: ({ signal }) =>
      api.get<{ data: FleetSite[]; total: number; page: number; pageSize: number }>(
        `/api/fleet/sites${query({ ...filter, pageSize: FLEET_PAGE_SIZE })}`,
        { signal },
      ),
    enabled: Boolean(filter.php || filter.wordpress),
    placeholderData: keepPreviousData,
  });
}

/**
 * The ids of every site behind one count, for an update run of them: at most as many as one run takes,
 * with how many there are in all. Read when asked, never kept: the run is for the sites of this moment.
 */
export function fetchFleetSiteIds(
  { clientId, serverId, tagId, php, wordpress }: FleetFilter & FleetPick,
  signal?: AbortSignal,
) {
  const pick = query({ clientId, serverId, tagId, php, wordpress });
  return api.get<FleetSiteIds>(`/api/fleet/sites/ids${pick}`, { signal });
}

export function useCoverage(limit = 100) {
  return useQuery({
    queryKey: [...fleetKeys.coverage, limit],
    queryFn: ({ signal }) => api.get<Coverage>(`/api/coverage?limit=${limit}`, { signal }),
    refetchOnMount: 'always',
  });
}
