import type { Server } from '../../shared/servers';
import { notFound } from '../http/errors';
import { gridpaneServers, gridpaneSyncing, syncGridPane } from '../integrations/gridpane-sync';
import { loadSettings } from '../integrations/service';
import { cacheMeta, serveCached } from '../provider-cache/serve';
import type { Services } from '../services';

const byLabel = (a: Server, b: Server) => a.label.localeCompare(b.label, undefined, { numeric: true });

export async function listServers(services: Services, refresh: boolean) {
  await loadSettings(services, 'gridpane');
  const served = await serveCached<Server>(services.db, gridpaneServers, {
    refresh,
    sync: () => syncGridPane(services),
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: () => gridpaneSyncing(services),
  });
  return { data: [...served.state.items].sort(byLabel), ...cacheMeta(served) };
}

export async function getServer(services: Services, id: number) {
  const list = await listServers(services, false);
  const data = list.data.find((s) => s.id === id);
  if (!data) throw notFound('Server not found');
  return { ...list, data };
}
