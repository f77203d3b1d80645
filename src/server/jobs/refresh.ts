import type { IntegrationProvider } from '../../shared/integrations';
import { syncGridPane } from '../integrations/gridpane-sync';
import { refreshFigures } from '../monitors/figures';
import { syncMonitors } from '../monitors/sync';
import type { Services } from '../services';

/**
 * One background refresh of a provider's data. HD Snapshot has no list to refresh: snapshots are
 * fetched per site when its page is opened.
 */
export async function refreshProvider(services: Services, provider: IntegrationProvider): Promise<void> {
  if (provider === 'gridpane') await syncGridPane(services);
  if (provider === 'betteruptime') {
    await syncMonitors(services);
    await refreshFigures(services);
  }
}
