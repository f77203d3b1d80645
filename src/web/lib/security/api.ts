import type {
  ClosedPlugins,
  DismissFindingBody,
  FindingDismissal,
  FindingSites,
  FindingStatus,
  SecurityFindingsPage,
  SecuritySummary,
  Severity,
} from '@shared/security';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { listSearch } from '@web/lib/use-list-params';
import { websiteKeys } from '@web/lib/websites/api';

export type SecurityFilter = {
  clientId?: number;
  serverId?: string;
  tagId?: number;
  severity?: Severity;
  status?: FindingStatus;
  q?: string;
};

export const SECURITY_PAGE_SIZE = 25;

export const securityKeys = {
  all: ['security'] as const,
  summary: (f: SecurityFilter) => ['security', 'summary', f] as const,
  findings: (f: SecurityFilter & { page: number }) => ['security', 'findings', f] as const,
  sites: (id: string, f: SecurityFilter) => ['security', 'sites', id, f] as const,
  closed: (f: SecurityFilter) => ['security', 'closed', f] as const,
};

const search = (params: Record<string, string | number | undefined>) => {
  const q = listSearch(params);
  return q ? `?${q}` : '';
};

/** The fleet at a glance, for the client, server and tag picked. */
export function useSecuritySummary(f: SecurityFilter) {
  const filter = { clientId: f.clientId, serverId: f.serverId, tagId: f.tagId };
  return useQuery({
    queryKey: securityKeys.summary(filter),
    queryFn: ({ signal }) => api.get<SecuritySummary>(`/api/security/summary${search(filter)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The closed plugins the sites of the client, server and tag picked run. */
export function useClosedPlugins(f: SecurityFilter) {
  const filter = { clientId: f.clientId, serverId: f.serverId, tagId: f.tagId };
  return useQuery({
    queryKey: securityKeys.closed(filter),
    queryFn: ({ signal }) =>
      api.get<ClosedPlugins>(`/api/security/closed-plugins${search(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of findings, one row per vulnerability of one piece of software. */
export function useSecurityFindings(f: SecurityFilter & { page: number }) {
  return useQuery({
    queryKey: securityKeys.findings(f),
    queryFn: ({ signal }) =>
      api.get<SecurityFindingsPage>(
        `/api/security/findings${search({ ...f, pageSize: SECURITY_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The websites one finding affects (read when its row is opened). */
export function useFindingSites(id: string, f: SecurityFilter) {
  const filter = { ...f, q: undefined };
  return useQuery({
    queryKey: securityKeys.sites(id, filter),
    queryFn: ({ signal }) =>
      api.get<FindingSites>(`/api/security/findings/${encodeURIComponent(id)}/sites${search(filter)}`, {
        signal,
      }),
  });
}

/** Sets a finding aside on one website, or opens it again (`body` null). */
export function useDismissFinding(websiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DismissFindingBody | null }) =>
      body
        ? api.post<FindingDismissal>(`/api/security/findings/${encodeURIComponent(id)}/dismiss`, body)
        : api.delete<null>(`/api/security/findings/${encodeURIComponent(id)}/dismiss`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.all }),
        queryClient.invalidateQueries({ queryKey: websiteKeys.detail(websiteId) }),
      ]),
  });
}
