import { LoadingState } from '@web/components/ui/spinner';
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ComingSoonPage } from './area-placeholder';
import { useAuth } from './auth';
import * as Pages from './lazy-pages';
import { NotFoundPage } from './not-found-page';

// The shell (menus, popovers, tooltips, search) is its own chunk, so /login loads less JavaScript.
const loadShell = () => import('./shell/app-shell');
const AppShell = lazy(() => loadShell().then((module) => ({ default: module.AppShell })));

const comingSoon: [path: string, title: string][] = [
  ['/analytics', 'Analytics'],
  ['/dns', 'DNS Management'],
  ['/backups', 'Backups'],
  ['/security', 'Security'],
];

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={Pages.DashboardPage} />
      <Route path="/clients" component={Pages.ClientsPage} />
      <Route path="/clients/:id/report" component={Pages.ReportPage} />
      <Route path="/clients/:id" component={Pages.ClientPage} />
      <Route path="/fleet" component={Pages.FleetPage} />
      <Route path="/tasks" component={Pages.TasksPage} />
      <Route path="/websites" component={Pages.WebsitesPage} />
      <Route path="/websites/internal/:id" component={Pages.InternalWebsitePage} />
      <Route path="/websites/:id" component={Pages.SiteDetailPage} />
      <Route path="/servers" component={Pages.ServersPage} />
      <Route path="/servers/:id" component={Pages.ServerDetailPage} />
      <Route path="/uptime" component={Pages.UptimePage} />
      <Route path="/uptime/checks/:id" component={Pages.CheckPage} />
      <Route path="/incidents" component={Pages.IncidentsPage} />
      <Route path="/team" component={Pages.TeamPage} />
      <Route path="/integrations" component={Pages.IntegrationsPage} />
      <Route path="/style-guide" component={Pages.StyleGuidePage} />
      <Route path="/settings" component={Pages.SettingsPage} />
      {comingSoon.map(([path, title]) => (
        <Route key={path} path={path}>
          <ComingSoonPage title={title} />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Every route but the public ones: waits for the session check, then shows the shell or goes to /login. */
export function ProtectedRoutes() {
  const { user, isLoading } = useAuth();
  // Fetch the shell while the session check is still under way.
  useEffect(() => {
    void loadShell();
  }, []);
  if (isLoading) return <LoadingState className="min-h-svh" />;
  if (!user) return <Redirect to="/login" replace />;
  return (
    <Suspense fallback={<LoadingState className="min-h-svh" />}>
      <AppShell>
        <Suspense fallback={<LoadingState />}>
          <SignedInRoutes />
        </Suspense>
      </AppShell>
    </Suspense>
  );
}
