import type { Site, SiteOptions, SitePage, siteSnapshotResponse } from '@shared/sites';
import type { Website, WebsitePage } from '@shared/websites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CacheMeta, pollWhileRefreshing } from '@web/components/sync-status';
import { api } from '@web/lib/api';
import { type ListParams, listSearch } from '@web/lib/use-list-params';
import type { z } from 'zod';

export type SiteList = CacheMeta & { data: Site[] };
export type SiteDetail = CacheMeta & { data: Site };

export const siteKeys = {
  all: ['sites'] as const,
  detail: (id: number | string) => ['sites', String(id)] as const,
  page: (params: SiteParams) => ['sites', 'page', params] as const,
  options: (q: string) => ['sites', 'options', q] as const,
};

/** The Websites page's view, as it stands in the address. */
export const SITE_PARAM_KEYS = ['q', 'server', 'tag', 'status', 'monitor', 'pageSize'] as const;
export type SiteParams = ListParams<(typeof SITE_PARAM_KEYS)[number]>;
export const SITES_PAGE_SIZE = 50;

/** Rows per page: 50, or what the address asks for (`pageSize`, 10–200). */
export function sitesPageSize(params: SiteParams): number {
  const n = Number(params.pageSize);
  return Number.isInteger(n) && n >= 10 && n <= 200 ? n : SITES_PAGE_SIZE;
}

/** One page of sites, already joined to their websites, tags and monitors (GET /api/sites?page=…). */
export function useSitePage(params: SiteParams) {
  const query = listSearch({
    page: params.page,
    pageSize: sitesPageSize(params),
    q: params.q,
    serverId: params.server,
    tagId: params.tag,
    status: params.status,
    monitor: params.monitor,
  });
  return useQuery({
    queryKey: siteKeys.page(params),
    queryFn: ({ signal }) => api.get<SitePage>(`/api/sites?${query}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileRefreshing(),
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

/**
 * Fetches anew from GridPane (asking for a one-row page, not the whole fleet back); the pages, filter
 * menus and internal websites then reload from the fresh cache.
 */
export function useRefreshSites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<SitePage>('/api/sites?refresh=true&page=1&pageSize=1'),
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
