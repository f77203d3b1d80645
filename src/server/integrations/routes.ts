import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betteruptimeSettings,
  gridpaneSettings,
  hdsnapshotSettings,
  type IntegrationProvider,
  integrationList,
  integrationView,
  providerParams,
  toggleIntegrationRequest,
} from '../../shared/integrations';
import type { Actor } from '../activity/service';
import { sendSync } from '../jobs/dispatch';
import type { Services } from '../services';
import { checkCredentials } from './checks';
import { listIntegrations, type ProviderSettings, saveIntegration, toggleIntegration } from './service';

const savedResponse = integrationView.extend({ message: z.string() });

export async function integrationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Warms the cache after a change, so the pages have data without waiting on the provider. */
  const refreshInBackground = (provider: IntegrationProvider) => sendSync(services, provider);

  const save = async (provider: IntegrationProvider, settings: ProviderSettings, actor: Actor) => {
    const checked = await checkCredentials(services, provider, settings);
    const view = await saveIntegration(services, provider, settings, actor);
    await refreshInBackground(provider);
    return { ...view, message: checked ?? `${view.name} settings saved.` };
  };

  r.get('/api/integrations', { schema: { response: { 200: integrationList } } }, async () =>
    listIntegrations(services),
  );
  r.post(
    '/api/integrations/gridpane',
    { schema: { body: gridpaneSettings, response: { 200: savedResponse } } },
    async (request) => save('gridpane', request.body, request.user),
  );
  r.post(
    '/api/integrations/betteruptime',
    { schema: { body: betteruptimeSettings, response: { 200: savedResponse } } },
    async (request) => save('betteruptime', clean(request.body), request.user),
  );
  r.post(
    '/api/integrations/hdsnapshot',
    { schema: { body: hdsnapshotSettings, response: { 200: savedResponse } } },
    async (request) => save('hdsnapshot', clean(request.body), request.user),
  );
  r.patch(
    '/api/integrations/:provider',
    {
      schema: { params: providerParams, body: toggleIntegrationRequest, response: { 200: integrationView } },
    },
    async (request) => {
      const view = await toggleIntegration(
        services,
        request.params.provider,
        request.body.enabled,
        request.user,
      );
      if (view.enabled) await refreshInBackground(view.provider);
      return view;
    },
  );
}

/** Optional settings left out are not stored as "undefined". */
function clean(settings: Record<string, string | undefined>): ProviderSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as ProviderSettings;
}
