import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { contextOf } from '../http/session';
import { BETTERUPTIME } from '../providers/betteruptime/keys';
import { GRIDPANE } from '../providers/gridpane/keys';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import type { Services } from '../services';
import { checkCredentials } from './checks';
import { listIntegrations, type ProviderSettings, saveIntegration, toggleIntegration } from './service';
import { sendSync } from './sync-requests';

const savedResponse = integrationView.extend({ message: z.string() });

export async function integrationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Warms the cache after a change, so the pages have data without waiting on the provider. */
  const refreshInBackground = (provider: IntegrationProvider) => sendSync(services, provider);

  const save = async (provider: IntegrationProvider, settings: ProviderSettings, request: FastifyRequest) => {
    const checked = await checkCredentials(services, provider, settings);
    const view = await saveIntegration(contextOf(services, request), provider, settings);
    await refreshInBackground(provider);
    return { ...view, message: checked ?? `${view.name} settings saved.` };
  };

  r.get(
    '/api/integrations',
    {
      config: { access: 'session-or-token', role: 'viewer' },
      schema: { response: { 200: integrationList } },
    },
    async () => listIntegrations(services),
  );
  r.post(
    '/api/integrations/gridpane',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        access: 'session-or-token',
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.gridpane.update' },
      },
      schema: { body: gridpaneSettings, response: { 200: savedResponse } },
    },
    async (request) => save(GRIDPANE, request.body, request),
  );
  r.post(
    '/api/integrations/betteruptime',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        access: 'session-or-token',
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.betteruptime.update' },
      },
      schema: { body: betteruptimeSettings, response: { 200: savedResponse } },
    },
    async (request) => save(BETTERUPTIME, clean(request.body), request),
  );
  r.post(
    '/api/integrations/hdsnapshot',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        access: 'session-or-token',
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.hdsnapshot.update' },
      },
      schema: { body: hdsnapshotSettings, response: { 200: savedResponse } },
    },
    async (request) => save(HDSNAPSHOT, clean(request.body), request),
  );
  r.patch(
    '/api/integrations/:provider',
    {
      config: { access: 'session-or-token', role: 'admin' },
      schema: { params: providerParams, body: toggleIntegrationRequest, response: { 200: integrationView } },
    },
    async (request) => {
      const view = await toggleIntegration(
        contextOf(services, request),
        request.params.provider,
        request.body.enabled,
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
