import type { Site, siteSnapshotResponse } from '@shared/sites';
import type { Website } from '@shared/websites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CacheMeta, pollWhileRefreshing } from '@web/components/sync-status';
import { api } from '@web/lib/api';
import type { z } from 'zod';

export type SiteList = CacheMeta & { data: Site[] };
export type SiteDetail = CacheMeta & { data: Site };

export const siteKeys = {
  all: ['sites'] as const,
  detail: (id: number | string) => ['sites', String(id)] as const,
};

// Same prefix as the tags area's ['websites', id, 'tags'], so its invalidations reach these too.
export const websiteKeys = {
  all: ['websites'] as const,
  detail: (id: number | string) => ['websites', String(id)] as const,
};

export function useSites() {
  return useQuery({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => api.get<SiteList>('/api/sites', { signal }),
    refetchInterval: pollWhileRefreshing(),
  });
}

export function useSite(id: string) {
  return useQuery({
    queryKey: siteKeys.detail(id),
    queryFn: ({ signal }) => api.get<SiteDetail>(`/api/sites/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: pollWhileRefreshing(),
    enabled: id !== '',
  });
}

/** Internal website records, each with its tags (no per-site tag requests). */
export function useWebsites() {
  return useQuery({
    queryKey: websiteKeys.all,
    queryFn: ({ signal }) => api.get<Website[]>('/api/websites', { signal }),
  });
}

export function useWebsite(id: string) {
  return useQuery({
    queryKey: websiteKeys.detail(id),
    queryFn: ({ signal }) => api.get<Website>(`/api/websites/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
  });
}

/** Fetches anew from GridPane; a sync can add internal websites, so those reload too. */
const isDetail = (query: { queryKey: readonly unknown[] }) => query.queryKey.length > 1;

export function useRefreshSites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<SiteList>('/api/sites?refresh=true'),
    onSuccess: (list) => {
      queryClient.setQueryData(siteKeys.all, list);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all, predicate: isDetail, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
      ]);
    },
  });
}

export type SiteSnapshotResponse = z.infer<typeof siteSnapshotResponse>;

export const snapshotKey = (id: number | string) => ['sites', String(id), 'snapshot'] as const;

/** The site's HD Snapshot facts (cached by the server for a few minutes). */
export function useSiteSnapshot(id: number | string) {
  return useQuery({
    queryKey: snapshotKey(id),
    queryFn: ({ signal }) =>
      api.get<SiteSnapshotResponse>(`/api/sites/${encodeURIComponent(String(id))}/snapshot`, { signal }),
  });
}

/** Asks the site's plugin anew (?refresh=true); the answer replaces the cached snapshot. */
export function useRefreshSiteSnapshot(id: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.get<SiteSnapshotResponse>(`/api/sites/${encodeURIComponent(String(id))}/snapshot?refresh=true`),
    onSuccess: (snapshot) => queryClient.setQueryData(snapshotKey(id), snapshot),
  });
}
