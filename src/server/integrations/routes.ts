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
  kinstaSettings,
  providerParams,
  toggleIntegrationRequest,
  wordfenceSettings,
} from '../../shared/integrations';
import { sessionOnly } from '../http/access';
import { contextOf } from '../http/session';
import { BETTERUPTIME } from '../providers/betteruptime/keys';
import { GRIDPANE } from '../providers/gridpane/keys';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import { KINSTA } from '../providers/kinsta/keys';
import { WORDFENCE } from '../providers/wordfence/keys';
import type { Services } from '../services';
import { type Checked, checkCredentials } from './checks';
import { listIntegrations, type ProviderSettings, saveIntegration, toggleIntegration } from './service';
import { sendSync } from './sync-requests';

const savedResponse = integrationView.extend({ message: z.string() });

/**
 * An integration's credentials, its switch and whether restores and updates may write to clients'
 * sites are who may reach the agency's hosts: a person in a browser sets them (never a token), with a
 * recent code when they sign in with two factors.
 */
const credentialsOnly = sessionOnly('change integrations, their credentials or what they may write');

export async function integrationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Warms the cache after a change, so the pages have data without waiting on the provider (queued with the change). */
  const refreshInBackground = (request: FastifyRequest, provider: IntegrationProvider) =>
    sendSync(contextOf(services, request), provider);

  /**
   * The credentials are tried on the provider before the change's transaction opens (its answer may
   * take seconds, which no transaction should wait for); a refusal answers before anything is saved.
   */
  const checked = new WeakMap<FastifyRequest, Checked>();
  const checkFirst =
    (provider: IntegrationProvider, settingsOf: (body: never) => ProviderSettings) =>
    async (request: FastifyRequest) => {
      checked.set(request, await checkCredentials(services, provider, settingsOf(request.body as never)));
    };

  /** Saves what the check passed (with what the provider told of the account, such as Kinsta's company). */
  const save = async (provider: IntegrationProvider, request: FastifyRequest) => {
    const { settings, message } = checked.get(request)!;
    const view = await saveIntegration(contextOf(services, request), provider, settings);
    await refreshInBackground(request, provider);
    return { ...view, message: message ?? `${view.name} settings saved.` };
  };

  r.get(
    '/api/integrations',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: integrationList } },
    },
    async () => listIntegrations(services),
  );
  r.post(
    '/api/integrations/gridpane',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        ...credentialsOnly,
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.gridpane.update' },
      },
      schema: { body: gridpaneSettings, response: { 200: savedResponse } },
      preHandler: checkFirst(GRIDPANE, (body: ProviderSettings) => body),
    },
    async (request) => save(GRIDPANE, request),
  );
  r.post(
    '/api/integrations/kinsta',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        ...credentialsOnly,
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.kinsta.update' },
      },
      schema: { body: kinstaSettings, response: { 200: savedResponse } },
      preHandler: checkFirst(KINSTA, clean),
    },
    async (request) => save(KINSTA, request),
  );
  r.post(
    '/api/integrations/betteruptime',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        ...credentialsOnly,
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.betteruptime.update' },
      },
      schema: { body: betteruptimeSettings, response: { 200: savedResponse } },
      preHandler: checkFirst(BETTERUPTIME, clean),
    },
    async (request) => save(BETTERUPTIME, request),
  );
  r.post(
    '/api/integrations/hdsnapshot',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        ...credentialsOnly,
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.hdsnapshot.update' },
      },
      schema: { body: hdsnapshotSettings, response: { 200: savedResponse } },
      preHandler: checkFirst(HDSNAPSHOT, clean),
    },
    async (request) => save(HDSNAPSHOT, request),
  );
  r.post(
    '/api/integrations/wordfence',
    {
      // Saving the settings changes the integration, as turning it on or off does.
      config: {
        ...credentialsOnly,
        role: 'admin',
        freshTwoFactor: true,
        audit: { action: 'integrations.wordfence.update' },
      },
      schema: { body: wordfenceSettings, response: { 200: savedResponse } },
      preHandler: checkFirst(WORDFENCE, (body: ProviderSettings) => body),
    },
    async (request) => save(WORDFENCE, request),
  );
  r.patch(
    '/api/integrations/:provider',
    {
      // On or off, and whether restores and updates may write to clients' sites.
      config: { ...credentialsOnly, role: 'admin', freshTwoFactor: true },
      schema: { params: providerParams, body: toggleIntegrationRequest, response: { 200: integrationView } },
    },
    async (request) => {
      const view = await toggleIntegration(
        contextOf(services, request),
        request.params.provider,
        request.body,
      );
      if (request.body.enabled) await refreshInBackground(request, view.provider);
      return view;
    },
  );
}

/** Optional settings left out are not stored as "undefined". */
function clean(settings: Record<string, string | undefined>): ProviderSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as ProviderSettings;
}
