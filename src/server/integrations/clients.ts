import { BETTERUPTIME } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import { loadSettings } from './service';

/** A Better Uptime client with the saved settings, counting its calls for the Integrations page. */
export async function betterUptimeClient(services: Services) {
  const settings = await loadSettings(services, BETTERUPTIME);
  const counter = { calls: 0 };
  const client = services.providers.betteruptime({
    baseUrl: settings.baseUrl,
    token: settings.apiToken!,
    onCall: () => {
      counter.calls++;
    },
  });
  return { client, counter };
}
