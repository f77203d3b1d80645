import type { IntegrationView } from '@shared/integrations';

export type IntegrationStatus = 'connected' | 'disconnected' | 'error' | 'pending' | 'unavailable';

/**
 * "Connecting" while a toggle is under way; connected when the server record is enabled,
 * else disconnected; error when the last call failed after the last successful sync. Integrations the
 * server does not speak to are "Not connected".
 */
export function integrationStatus(view: IntegrationView | undefined, pending: boolean): IntegrationStatus {
  if (!view) return 'unavailable';
  if (pending) return 'pending';
  if (!view.enabled || !view.configured) return 'disconnected';
  if (view.lastError && (!view.lastSyncAt || !view.lastErrorAt || view.lastErrorAt >= view.lastSyncAt)) {
    return 'error';
  }
  return 'connected';
}

export const STATUS_LABELS: Record<IntegrationStatus, string> = {
  connected: 'connected',
  disconnected: 'disconnected',
  error: 'error',
  pending: 'Connecting',
  unavailable: 'Not connected',
};
