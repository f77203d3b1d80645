import type {
  BetterUptimeSettings,
  GridPaneSettings,
  HdSnapshotSettings,
  IntegrationProvider,
  IntegrationView,
  KinstaSettings,
  WordfenceSettings,
} from '@shared/integrations';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const integrationKeys = {
  all: ['integrations'] as const,
  toggle: (provider: IntegrationProvider | undefined) => ['integrations', provider, 'toggle'] as const,
};

export interface ProviderSettingsMap {
  gridpane: GridPaneSettings;
  kinsta: KinstaSettings;
  betteruptime: BetterUptimeSettings;
  hdsnapshot: HdSnapshotSettings;
  wordfence: WordfenceSettings;
}

export type SavedIntegration = IntegrationView & { message: string };

export function useIntegrations() {
  return useQuery({
    queryKey: integrationKeys.all,
    queryFn: ({ signal }) => api.get<IntegrationView[]>('/api/integrations', { signal }),
  });
}

/** Provider data depends on the integration settings: a change reloads every provider-backed list. */
function useInvalidateProviderData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [integrationKeys.all, ['sites'], ['servers'], ['websites'], ['monitors']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveIntegration<P extends IntegrationProvider>(provider: P) {
  const invalidate = useInvalidateProviderData();
  return useMutation({
    mutationFn: (settings: ProviderSettingsMap[P]) =>
      api.post<SavedIntegration>(`/api/integrations/${provider}`, settings),
    onSuccess: () => invalidate(),
  });
}

export function useToggleIntegration(provider: IntegrationProvider) {
  const invalidate = useInvalidateProviderData();
  return useMutation({
    mutationKey: integrationKeys.toggle(provider),
    mutationFn: (enabled: boolean) =>
      api.patch<IntegrationView>(`/api/integrations/${provider}`, { enabled }),
    onSuccess: () => invalidate(),
  });
}

/** The writes to a client's site an Admin may allow through a host from Agency Hub (each off by default). */
export type HostWrite = 'allowRestores' | 'allowUpdates';

/** Allows or forbids one kind of write through a host from Agency Hub (an Admin's choice). */
export function useAllowWrite(provider: IntegrationProvider, write: HostWrite) {
  const invalidate = useInvalidateProviderData();
  return useMutation({
    mutationFn: (allowed: boolean) =>
      api.patch<IntegrationView>(`/api/integrations/${provider}`, { [write]: allowed }),
    onSuccess: () => invalidate(),
  });
}

/** True while the switch of this integration is being saved (the card then reads "Connecting"). */
export function useTogglePending(provider: IntegrationProvider | undefined): boolean {
  return useIsMutating({ mutationKey: integrationKeys.toggle(provider) }) > 0 && provider !== undefined;
}
