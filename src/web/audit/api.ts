import { AUDIT_FILTER_KEYS, type AuditPage, type AuditVerification } from '@shared/audit';
import type { TeamUser } from '@shared/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { type ListParams, listSearch } from '@web/lib/use-list-params';

export const AUDIT_PARAM_KEYS = AUDIT_FILTER_KEYS;
export type AuditParams = ListParams<(typeof AUDIT_PARAM_KEYS)[number]>;
export const AUDIT_PAGE_SIZE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  page: (params: AuditParams) => ['audit', 'page', params] as const,
  verify: ['audit', 'verify'] as const,
  people: ['audit', 'people'] as const,
};

/** The filters as the API takes them (the list, its CSV): only those set. */
export const auditFilters = (params: AuditParams) =>
  Object.fromEntries(AUDIT_PARAM_KEYS.map((key) => [key, params[key]]));

export function useAuditPage(params: AuditParams) {
  return useQuery({
    queryKey: auditKeys.page(params),
    queryFn: ({ signal }) =>
      api.get<AuditPage>(
        `/api/audit?${listSearch({ ...auditFilters(params), page: params.page, pageSize: AUDIT_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The people the log can be filtered by: the team (entries of removed people keep their name). */
export function useAuditPeople() {
  return useQuery({
    queryKey: auditKeys.people,
    queryFn: ({ signal }) => api.get<TeamUser[]>('/api/users', { signal }),
  });
}

/** The chain check: run when asked (it reads every entry), never on its own. */
export function useAuditVerification() {
  return useQuery({
    queryKey: auditKeys.verify,
    queryFn: ({ signal }) => api.get<AuditVerification>('/api/audit/verify', { signal }),
    enabled: false,
    gcTime: 0,
  });
}
