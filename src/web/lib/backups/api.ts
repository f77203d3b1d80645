import type {
  BackupNowBody,
  BackupPage,
  BackupSettingsBody,
  BackupState,
  BackupSummary,
  RestoreBody,
  WebsiteBackups,
} from '@shared/backups';
import type { WebsiteHost } from '@shared/websites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { listSearch } from '@web/lib/use-list-params';

export type BackupFilter = {
  clientId?: number;
  serverId?: string;
  tagId?: number;
  host?: WebsiteHost;
  state?: BackupState;
  q?: string;
};

export const BACKUPS_PAGE_SIZE = 50;

export const backupKeys = {
  all: ['backups'] as const,
  summary: (f: BackupFilter) => ['backups', 'summary', f] as const,
  list: (f: BackupFilter & { page: number }) => ['backups', 'list', f] as const,
  website: (id: number) => ['backups', 'website', id] as const,
};

const search = (params: Record<string, string | number | undefined>) => {
  const q = listSearch(params);
  return q ? `?${q}` : '';
};

/** The fleet's websites by backup state, for the client, server, tag and host picked. */
export function useBackupSummary(f: BackupFilter) {
  const filter = { clientId: f.clientId, serverId: f.serverId, tagId: f.tagId, host: f.host };
  return useQuery({
    queryKey: backupKeys.summary(filter),
    queryFn: ({ signal }) => api.get<BackupSummary>(`/api/backups/summary${search(filter)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** A page of websites with their newest backup, worst first. */
export function useBackupList(f: BackupFilter & { page: number }) {
  return useQuery({
    queryKey: backupKeys.list(f),
    queryFn: ({ signal }) =>
      api.get<BackupPage>(`/api/backups${search({ ...f, pageSize: BACKUPS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** A backup someone asked for is followed every few seconds until the host has taken it. */
const FOLLOW_MS = 3_000;

/** One website's backups, newest first, with the last backup asked for (followed while under way). */
export function useWebsiteBackups(id: number) {
  return useQuery({
    queryKey: backupKeys.website(id),
    queryFn: ({ signal }) => api.get<WebsiteBackups>(`/api/websites/${id}/backups`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.lastRequest?.status;
      return status === 'queued' || status === 'running' ? FOLLOW_MS : false;
    },
  });
}

/** Asks for a backup of one website now; the card then follows it until the host has taken it. */
export function useBackUpNow(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupNowBody) =>
      api.post<{ id: number; status: string }>(`/api/websites/${websiteId}/backups`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** Asks to put one of the website's backups back (Admin, two-factor sign-in); followed like a backup. */
export function useRestoreBackup(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreBody) =>
      api.post<{ id: number; status: string }>(`/api/websites/${websiteId}/backups/restore`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** Sets how old the website's newest backup may get (null: the default); the lists follow. */
export function useSetBackupThreshold(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupSettingsBody) =>
      api.patch<WebsiteBackups>(`/api/websites/${websiteId}/backups`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(backupKeys.website(websiteId), saved);
      return queryClient.invalidateQueries({ queryKey: backupKeys.all });
    },
  });
}
