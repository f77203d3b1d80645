import type {
  ChangePasswordRequest,
  Me,
  RememberedBrowser,
  SessionInfo,
  SessionUser,
  twoFactorStatus,
  UpdateProfileRequest,
} from '@shared/auth';
import type { z } from 'zod';

type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

import type { MessageResponse } from '@shared/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { authKeys } from '@web/lib/use-auth';

// Settings → your account: profile, password and signed-in browsers (/api/auth/…).

export const accountKeys = { sessions: ['auth', 'sessions'] as const };

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.patch<SessionUser>('/api/auth/profile', body),
    onSuccess: (user) => {
      // The profile answers the person's own fields; their limit and deadline stay as /me said.
      queryClient.setQueryData<Me | null>(authKeys.me, (me) => (me ? { ...me, ...user } : user));
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<MessageResponse>('/api/auth/change-password', body),
    // Every other session ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => api.get<SessionInfo[]>('/api/auth/sessions', { signal }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/auth/sessions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export const twoFactorKey = ['auth', '2fa'] as const;

/** Whether two-factor sign-in is on for the signed-in person, and how many recovery codes are left. */
export function useTwoFactor() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/auth/2fa', { signal }),
  });
}

const browsersKey = [...twoFactorKey, 'browsers'] as const;

/** The browsers remembered at a two-factor sign-in (the password alone signs in there for 30 days). */
export function useRememberedBrowsers() {
  return useQuery({
    queryKey: browsersKey,
    queryFn: ({ signal }) => api.get<RememberedBrowser[]>('/api/auth/2fa/browsers', { signal }),
  });
}

/** Forgets one remembered browser, or every one (`id` undefined). */
export function useForgetBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | undefined) => api.delete<void>(`/api/auth/2fa/browsers/${id ?? 'all'}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: browsersKey }),
  });
}

/** The steps of two-factor sign-in; each refreshes the status (and the Team page's 2FA column). */
export function useTwoFactorStep<Body, Answer>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<Answer>(`/api/auth/2fa/${path}`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorKey }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        // Whether the agency's two-factor rule still waits on this person.
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]),
  });
}
