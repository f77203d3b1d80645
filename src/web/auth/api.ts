import type {
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  SessionUser,
  SetupRequest,
} from '@shared/auth';
import type { MessageResponse } from '@shared/errors';
import type { AcceptInvitationRequest, InvitationLookup } from '@shared/invitations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { authKeys } from '@web/lib/use-auth';

/** Whether the first account still has to be created (GET /api/auth/setup). */
export function useSetupStatus() {
  return useQuery({
    queryKey: authKeys.setup,
    queryFn: ({ signal }) => api.get<{ needed: boolean }>('/api/auth/setup', { signal }),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<LoginResponse>('/api/auth/login', body),
    // A right password with two-factor sign-in on signs nobody in yet: the page asks for the code.
    // The sign-in answers who signed in; /me then adds their client limit and two-factor deadline.
    onSuccess: (answer) => {
      if ('twoFactorRequired' in answer) return;
      queryClient.setQueryData(authKeys.me, answer);
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api.post<ForgotPasswordResponse>('/api/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api.post<MessageResponse>('/api/auth/reset-password', body),
    // The server ends every session of that user, this browser's included.
    onSuccess: () => queryClient.setQueryData(authKeys.me, null),
  });
}

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupRequest) => api.post<SessionUser>('/api/auth/setup', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      queryClient.setQueryData(authKeys.setup, { needed: false });
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

/** What an invitation link opens (GET /api/invitations/lookup): the email, the role, the agency. */
export function useInvitationLookup(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      api.get<InvitationLookup>(`/api/invitations/lookup?token=${encodeURIComponent(token)}`, { signal }),
    enabled: token !== '',
    // The lookup is throttled per address: asked once per visit, not again on focus or on failure.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Accepts an invitation: the new account is signed in, as after a sign-in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) => api.post<SessionUser>('/api/invitations/accept', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
