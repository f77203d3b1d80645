import type { Me } from '@shared/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { useLocation } from 'wouter';

export const authKeys = {
  me: ['auth', 'me'] as const,
  setup: ['auth', 'setup'] as const,
};

/** The session check: the signed-in user, or null. Any failure counts as anonymous. */
export async function fetchSessionUser(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/auth/me', { signal });
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) console.error('Session check failed', error);
    return null;
  }
}

export interface AuthState {
  user: Me | null;
  /** True until the first session check has answered. */
  isLoading: boolean;
}

/** The current user, from the one ['auth','me'] query (checked once at start). */
export function useAuth(): AuthState {
  const query = useQuery({ queryKey: authKeys.me, queryFn: ({ signal }) => fetchSessionUser(signal) });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * Signs out on the server (this browser, or with `everywhere` every device of the account), forgets
 * every cached query and goes to /login.
 */
export function useLogout({ everywhere = false } = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>(everywhere ? '/api/auth/logout-all' : '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
      navigate('/login', { replace: true });
    },
  });
}
