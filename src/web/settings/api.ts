import type { Role, SecurityPolicy } from '@shared/auth';
import type { AgencySettings, UpdateAgencyRequest } from '@shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const settingsKeys = {
  agency: ['settings', 'agency'] as const,
  security: ['settings', 'security'] as const,
};

/** The agency's settings; the shell fetches them at sign-in (every time on screen is on their zone). */
export const agencySettingsQuery = queryOptions({
  queryKey: settingsKeys.agency,
  queryFn: ({ signal }) => api.get<AgencySettings>('/api/settings/agency', { signal }),
});

export function useAgencySettings() {
  return useQuery(agencySettingsQuery);
}

export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgencyRequest) => api.put<AgencySettings>('/api/settings/agency', body),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.agency, settings),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: string) => api.put<AgencySettings>('/api/settings/agency/logo', { data }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.agency, settings),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/settings/agency/logo'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.agency }),
  });
}

/** The agency's security rules: the roles that must use two-factor sign-in. */
export function useSecurityPolicy() {
  return useQuery({
    queryKey: settingsKeys.security,
    queryFn: ({ signal }) => api.get<SecurityPolicy>('/api/settings/security', { signal }),
  });
}

export function useUpdateSecurityPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireTwoFactor: Role[]) =>
      api.put<SecurityPolicy>('/api/settings/security', { requireTwoFactor }),
    onSuccess: (policy) =>
      Promise.all([
        queryClient.setQueryData(settingsKeys.security, policy),
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]),
  });
}
