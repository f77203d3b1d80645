import { type ComponentType, createElement, lazy, useState } from 'react';

/** A code-split page that can be fetched before it renders (see `preload`). */
// biome-ignore lint/complexity/noBannedTypes: a page takes no props of its own.
export type LazyPage<P extends object = {}> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Code-split pages: each area loads on first visit, keeping the entry chunk small (`npm run
 * check:bundle` holds it to 150 KB gzip, the first route to 200 KB).
 * Once its module is here the page renders directly, without suspending: React holds back content
 * revealed after a Suspense fallback (about 300 ms each time), so a page whose chunk was fetched during
 * the session check (`preload`) shows its rows that much sooner.
 */
// biome-ignore lint/complexity/noBannedTypes: a page takes no props of its own.
export function page<K extends string, P extends object = {}>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module[name];
      return loaded;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // Chosen once per mount: switching from Lazy to the module's own component later would remount the
  // page (losing its state and focus) on its next render.
  const Page = (props: P) => {
    const [component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(component, props);
  };
  return Object.assign(Page, { preload });
}

export const LoginPage = page(() => import('@web/auth/login-page'), 'LoginPage');
export const ForgotPasswordPage = page(() => import('@web/auth/forgot-password-page'), 'ForgotPasswordPage');
export const ResetPasswordPage = page(() => import('@web/auth/reset-password-page'), 'ResetPasswordPage');
export const SetupPage = page(() => import('@web/auth/setup-page'), 'SetupPage');
export const AcceptInvitationPage = page(
  () => import('@web/auth/accept-invitation-page'),
  'AcceptInvitationPage',
);

export const DashboardPage = page(() => import('@web/dashboard/dashboard-page'), 'DashboardPage');
export const ClientsPage = page(() => import('@web/clients/clients-page'), 'ClientsPage');
export const ClientPage = page(() => import('@web/clients/client-page'), 'ClientPage');
export const FleetPage = page(() => import('@web/fleet/fleet-page'), 'FleetPage');
export const SecurityPage = page(() => import('@web/security/security-page'), 'SecurityPage');
export const BackupsPage = page(() => import('@web/backups/backups-page'), 'BackupsPage');
export const UpdatesPage = page(() => import('@web/updates/updates-page'), 'UpdatesPage');
export const UpdateRunPage = page(() => import('@web/updates/update-run-page'), 'UpdateRunPage');
export const ReportPage = page(() => import('@web/reports/report-page'), 'ReportPage');
export const TasksPage = page(() => import('@web/tasks/tasks-page'), 'TasksPage');
export const WebsitesPage = page(() => import('@web/websites/websites-page'), 'WebsitesPage');
export const SiteDetailPage = page(() => import('@web/websites/site-detail-page'), 'SiteDetailPage');
export const InternalWebsitePage = page(
  () => import('@web/websites/internal-website-page'),
  'InternalWebsitePage',
);
export const ServersPage = page(() => import('@web/servers/servers-page'), 'ServersPage');
export const ServerDetailPage = page(() => import('@web/servers/server-detail-page'), 'ServerDetailPage');
export const UptimePage = page(() => import('@web/uptime/uptime-page'), 'UptimePage');
export const CheckPage = page(() => import('@web/checks/check-page'), 'CheckPage');
export const IncidentsPage = page(() => import('@web/incidents/incidents-page'), 'IncidentsPage');
export const TeamPage = page(() => import('@web/team/team-page'), 'TeamPage');
export const AuditPage = page(() => import('@web/audit/audit-page'), 'AuditPage');
export const IntegrationsPage = page(() => import('@web/integrations/integrations-page'), 'IntegrationsPage');
export const StyleGuidePage = page(() => import('@web/style-guide/style-guide-page'), 'StyleGuidePage');
export const SettingsPage = page(() => import('@web/settings/settings-page'), 'SettingsPage');
