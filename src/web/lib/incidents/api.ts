import type { Incident } from '@shared/incidents';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export type IncidentFilter = {
  status?: 'open' | 'resolved';
  checkId?: number;
  websiteId?: number;
  clientId?: number;
};

export const incidentKeys = {
  all: ['incidents'] as const,
  list: (f: IncidentFilter) => ['incidents', f] as const,
};

export function useIncidents(filter: IncidentFilter = {}) {
  const query = new URLSearchParams(
    Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return useQuery({
    queryKey: incidentKeys.list(filter),
    queryFn: ({ signal }) =>
      api.get<{ data: Incident[] }>(`/api/incidents${query ? `?${query}` : ''}`, { signal }),
    refetchInterval: 30_000,
  });
}
