import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { activityRoutes } from './activity/routes';
import { alertRoutes } from './alerts/routes';
import { registerAuditLog } from './audit/hook';
import { auditRoutes } from './audit/routes';
import { accountRoutes } from './auth/account-routes';
import { authRoutes } from './auth/routes';
import { twoFactorRoutes } from './auth/two-factor-routes';
import { backupRoutes } from './backups/routes';
import { checkRoutes } from './checks/routes';
import { clientRoutes } from './clients/routes';
import { fastifyTrustProxy } from './config';
import { dashboardRoutes } from './dashboard/routes';
import { exportRoutes } from './exports/routes';
import { fleetRoutes } from './fleet/routes';
import { healthRoutes } from './health/routes';
import { type RouteEntry, trackRoutes } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import { registerFreshness } from './http/freshness';
import { registerNulGuard } from './http/nul-guard';
import { registerApiDocs, registerOpenApi } from './http/openapi';
import { registerCsrfGuard, registerSecurityHeaders } from './http/security';
import { registerSessions } from './http/session';
import { registerWebApp } from './http/web-app';
import { incidentRoutes } from './incidents/routes';
import { integrationRoutes } from './integrations/routes';
import { invitationRoutes } from './invitations/routes';
import { jobSpecs } from './jobs';
import { maintenanceRoutes } from './maintenance/routes';
import { monitorRoutes } from './monitors/routes';
import { notificationRoutes } from './notifications/routes';
import { reportRoutes } from './reports/routes';
import { searchRoutes } from './search/routes';
import { securityRoutes } from './security/routes';
import { serverRoutes } from './servers/routes';
import type { Services } from './services';
import { settingsRoutes } from './settings/routes';
import { siteRoutes } from './sites/routes';
import { tagRoutes } from './tags/routes';
import { taskRoutes } from './tasks/routes';
import { tokenRoutes } from './tokens/routes';
import { updateRoutes } from './updates/routes';
import { uptimeRoutes } from './uptime/routes';
import { userRoutes } from './users/routes';
import { websiteRoutes } from './websites/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, url, declared access, schema): walked by the security tests. */
    routeTable: RouteEntry[];
  }
}

export type AppOptions = {
  services: Services;
  /** Folder of the built web app (index.html + assets); omitted in API tests and `npm run dev`. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Wait for the job engine before answering (tests), or let it start while the server already serves
   * (the server process: it answers /api/health sooner, and /api/health/ready once the engine runs).
   */
  jobs?: 'await' | 'background';
};

/** The Fastify app, plugins in a fixed order; tests use it as-is through app.inject. */
export async function buildApp({ services, webRoot, logger, jobs = 'await' }: AppOptions) {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: fastifyTrustProxy(services.config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every route, as registered; the app refuses to start when one declares no access.
  const routeTable = trackRoutes(app);

  // Shutdown: stop taking jobs, let the running one finish (or fail it for another instance to retry).
  app.addHook('onClose', () => services.jobs.stop());
  // First: the rest of each request runs watching whether a kept answer it read was still refreshing.
  registerFreshness(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  registerCsrfGuard(app);
  registerNulGuard(app);
  await registerSessions(app, services);
  await registerOpenApi(app);
  // One audit entry per successful change by a signed-in person, whichever route made it.
  registerAuditLog(app, services);

  await app.register(async (api) => {
    await healthRoutes(api, services);
    await authRoutes(api, services);
    await accountRoutes(api, services);
    await twoFactorRoutes(api, services);
    await tokenRoutes(api, services);
    await settingsRoutes(api, services);
    await userRoutes(api, services);
    await invitationRoutes(api, services);
    await clientRoutes(api, services);
    await tagRoutes(api, services);
    await taskRoutes(api, services);
    await integrationRoutes(api, services);
    await serverRoutes(api, services);
    await siteRoutes(api, services);
    await monitorRoutes(api, services);
    await websiteRoutes(api, services);
    await activityRoutes(api, services);
    await notificationRoutes(api, services);
    await searchRoutes(api, services);
    await dashboardRoutes(api, services);
    await checkRoutes(api, services);
    await incidentRoutes(api, services);
    await alertRoutes(api, services);
    await maintenanceRoutes(api, services);
    await uptimeRoutes(api, services);
    await fleetRoutes(api, services);
    await reportRoutes(api, services);
    await exportRoutes(api, services);
    await auditRoutes(api, services);
    await securityRoutes(api, services);
    await backupRoutes(api, services);
    await updateRoutes(api, services);
  });

  await registerApiDocs(app);
  await registerWebApp(app, webRoot);
  app.decorate('routeTable', routeTable);
  const starting = services.jobs.start(jobSpecs(services), app.log);
  // In the background its failure is the caller's to handle: services.jobs.start() answers the same start.
  if (jobs === 'await') await starting;
  else starting.catch(() => {});
  return app;
}

export type { RouteEntry };
export type App = Awaited<ReturnType<typeof buildApp>>;
