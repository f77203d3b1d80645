import type { MaintenanceRequest, MaintenanceWindow } from '@shared/maintenance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useInvalidateMonitoring } from '@web/lib/checks/api';

export type MaintenanceFilter = {
  state?: 'current' | 'active' | 'scheduled' | 'ended';
  checkId?: number;
  websiteId?: number;
  /** A client's own windows and those naming one of its websites. */
  clientId?: number;
  /** A server's own windows and those naming one of its websites. */
  serverId?: string;
};

export const maintenanceKeys = {
  all: ['maintenance'] as const,
  list: (f: MaintenanceFilter) => ['maintenance', f] as const,
};

export function useMaintenance(filter: MaintenanceFilter) {
  const query = new URLSearchParams(
    Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return useQuery({
    queryKey: maintenanceKeys.list(filter),
    queryFn: ({ signal }) => api.get<{ data: MaintenanceWindow[] }>(`/api/maintenance?${query}`, { signal }),
    refetchInterval: 60_000,
  });
}

/** A window started or ended: its lists, and every view of what it silences (health, checks). */
function useInvalidate() {
  const queryClient = useQueryClient();
  const monitoring = useInvalidateMonitoring();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }), monitoring()]);
}

export function useStartMaintenance() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MaintenanceRequest) => api.post<MaintenanceWindow>('/api/maintenance', body),
    onSuccess: invalidate,
  });
}

export function useEndMaintenance() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/maintenance/${id}`),
    onSuccess: invalidate,
  });
}
