import type { MonitorRecent } from '@shared/monitors';
import type { WebsiteSecurity } from '@shared/security';
import type { Site, SiteOptions, siteSnapshotResponse } from '@shared/sites';
import type { WebsiteDetail, WebsitePage } from '@shared/websites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CacheMeta, pollWhileRefreshing, REFRESHING_POLL_MS } from '@web/components/sync-status';
import { api } from '@web/lib/api';
import { listSearch } from '@web/lib/use-list-params';
import type { z } from 'zod';
import { type WebsiteParams, websiteListQuery, websitesPageSize } from './filter';

export type SiteDetail = CacheMeta & { data: Site };

export const siteKeys = {
  all: ['sites'] as const,
  detail: (id: number | string) => ['sites', String(id)] as const,
  options: (q: string) => ['sites', 'options', q] as const,
};

// Same prefix as the tags area's ['websites', id, 'tags'], so its invalidations reach these too.
export const websiteKeys = {
  all: ['websites'] as const,
  detail: (id: number | string) => ['websites', String(id)] as const,
  page: (request: Record<string, string | number | undefined>) => ['websites', 'page', request] as const,
};

/** While a host syncs (its first read, a refresh), how often the list asks again. */
const pollWhileHostsSync = (query: { state: { data?: WebsitePage } }) =>
  query.state.data?.hosts.some((h) => h.refreshing) ? REFRESHING_POLL_MS : false;

/**
 * One page of websites with their health, client, versions and server (GET /api/websites?page=…),
 * asked again every few seconds while a host is still syncing.
 */
export function useWebsitePage(params: WebsiteParams) {
  const request = { ...websiteListQuery(params), page: params.page, pageSize: websitesPageSize(params) };
  return useQuery({
    queryKey: websiteKeys.page(request),
    queryFn: ({ signal }) => api.get<WebsitePage>(`/api/websites?${listSearch(request)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileHostsSync,
  });
}

/** Websites whose domain or name contains `q` (one page of 50): pickers that cannot list 20,000. */
export function useWebsiteSearch(q: string) {
  const query = listSearch({ q: q.trim(), pageSize: 50, sort: 'domain' });
  return useQuery({
    queryKey: [...websiteKeys.all, 'search', q.trim()],
    queryFn: ({ signal }) => api.get<WebsitePage>(`/api/websites?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The server and tag filter menus: servers matching `q` (a few dozen), every tag, with counts. */
export function useSiteOptions(q: string, serverId: string | undefined) {
  const query = listSearch({ q: q.trim(), serverId });
  return useQuery({
    queryKey: [...siteKeys.options(q.trim()), serverId ?? ''],
    queryFn: ({ signal }) => api.get<SiteOptions>(`/api/sites/options?${query}`, { signal }),
    placeholderData: keepPreviousData,
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

export function useWebsite(id: string) {
  return useQuery({
    queryKey: websiteKeys.detail(id),
    queryFn: ({ signal }) => api.get<WebsiteDetail>(`/api/websites/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
  });
}

/**
 * Asks the hosts to be read anew (a one-row page with `refresh=true`: the server queues the syncs and
 * answers at once); the lists then reload and poll until the hosts are done.
 */
export function useRefreshWebsites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<WebsitePage>('/api/websites?refresh=true&page=1&pageSize=1'),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
      ]),
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

/** What the Better Uptime monitor watching a website measured lately (asked of Better Uptime). */
export function useWebsiteMonitorRecent(websiteId: number, monitorId: string | null) {
  return useQuery({
    queryKey: [...websiteKeys.detail(websiteId), 'monitor', monitorId],
    queryFn: ({ signal }) => api.get<MonitorRecent>(`/api/websites/${websiteId}/monitor`, { signal }),
    enabled: monitorId !== null,
  });
}

/** Links a Better Uptime monitor to a website (null: its domain chooses); the page shows the answer. */
export function useLinkMonitor(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monitorId: string | null) =>
      api.put<WebsiteDetail>(`/api/websites/${websiteId}/monitor`, { monitorId }),
    onSuccess: (website) => {
      queryClient.setQueryData(websiteKeys.detail(websiteId), website);
      return queryClient.invalidateQueries({ queryKey: websiteKeys.all });
    },
  });
}

/** What the website runs that is known to be vulnerable (or why that is not known). */
export function useWebsiteSecurity(websiteId: number) {
  return useQuery({
    queryKey: [...websiteKeys.detail(websiteId), 'security'],
    queryFn: ({ signal }) => api.get<WebsiteSecurity>(`/api/websites/${websiteId}/security`, { signal }),
  });
}
