import type { Role } from '@shared/auth';
import type { CreateInvitationRequest, PendingInvitation, SentInvitation } from '@shared/invitations';
import type { CreateUserRequest, TeamUser } from '@shared/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const userKeys = {
  all: ['users'] as const,
};

export function useUsers() {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: ({ signal }) => api.get<TeamUser[]>('/api/users', { signal }),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post<TeamUser>('/api/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/users/${id}`),
    // Their tasks lose their assignee: task lists refresh too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      ]),
  });
}

/** Changes a colleague's role; the server says why when it refuses (ownership, the last Owner). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) =>
      api.patch<TeamUser>(`/api/users/${id}`, { role }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        // Your own role may have changed (an Owner stepping down): what you may do changes with it.
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]),
  });
}

export const invitationKeys = {
  all: ['invitations'] as const,
};

/** The pending invitations, newest first (an Admin's or Owner's). */
export function useInvitations() {
  return useQuery({
    queryKey: invitationKeys.all,
    queryFn: ({ signal }) => api.get<PendingInvitation[]>('/api/invitations', { signal }),
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) => api.post<SentInvitation>('/api/invitations', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** Sends an invitation again: a new link and a fresh week; the old link stops working. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SentInvitation>(`/api/invitations/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
