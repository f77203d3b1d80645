import { useQueryClient } from '@tanstack/react-query';
import { LoadingState } from '@web/components/ui/spinner';
import { agencySettingsQuery } from '@web/settings/api';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { useAuth } from '../lib/use-auth';
import { ComingSoonPage } from './coming-soon-page';
import * as Pages from './lazy-pages';
import { NotFoundPage } from './not-found-page';

// The shell (menus, popovers, tooltips, search) is its own chunk, so /login loads less JavaScript.
const AppShell = Pages.page<'AppShell', { children: ReactNode }>(
  () => import('./shell/app-shell'),
  'AppShell',
);

const comingSoon: [path: string, title: string][] = [
  ['/analytics', 'Analytics'],
  ['/dns', 'DNS Management'],
];

/** The signed-in pages, first match wins (more specific paths before the ones they extend). */
const signedIn: [path: string, component: Pages.LazyPage][] = [
  ['/', Pages.DashboardPage],
  ['/clients', Pages.ClientsPage],
  ['/clients/:id/report', Pages.ReportPage],
  ['/clients/:id', Pages.ClientPage],
  ['/fleet', Pages.FleetPage],
  ['/security', Pages.SecurityPage],
  ['/backups', Pages.BackupsPage],
  ['/updates', Pages.UpdatesPage],
  ['/updates/:id', Pages.UpdateRunPage],
  ['/tasks', Pages.TasksPage],
  ['/websites', Pages.WebsitesPage],
  ['/websites/internal/:id', Pages.InternalWebsitePage],
  ['/websites/:id', Pages.SiteDetailPage],
  ['/servers', Pages.ServersPage],
  ['/servers/:id', Pages.ServerDetailPage],
  ['/uptime', Pages.UptimePage],
  ['/uptime/checks/:id', Pages.CheckPage],
  ['/incidents', Pages.IncidentsPage],
  ['/team', Pages.TeamPage],
  ['/audit', Pages.AuditPage],
  ['/integrations', Pages.IntegrationsPage],
  ['/style-guide', Pages.StyleGuidePage],
  ['/settings', Pages.SettingsPage],
];

function SignedInRoutes() {
  return (
    <Switch>
      {signedIn.map(([path, component]) => (
        <Route key={path} path={path} component={component} />
      ))}
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
  const [location] = useLocation();
  const { parser } = useRouter();
  // The shell and the page asked for are fetched while the session check is under way, and shown
  // once both are here: rendered before their modules arrive they would suspend, and React holds back
  // what a Suspense fallback reveals (about 300 ms each). Later pages load on their first visit.
  const [preloaded, setPreloaded] = useState(false);
  useEffect(() => {
    let live = true;
    const wanted = signedIn.find(([path]) => matchRoute(parser, path, location)[0])?.[1];
    void Promise.allSettled([AppShell.preload(), wanted?.preload()]).then(() => {
      if (live) setPreloaded(true);
    });
    return () => {
      live = false;
    };
  }, [parser, location]);
  // The agency's settings (its time zone) are asked for as soon as someone is signed in, beside the
  // modules: the shell shows the page once it has them.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (user) void queryClient.prefetchQuery(agencySettingsQuery);
  }, [user, queryClient]);
  if (isLoading) return <LoadingState className="min-h-svh" />;
  if (!user) return <Redirect to="/login" replace />;
  if (!preloaded) return <LoadingState className="min-h-svh" />;
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
