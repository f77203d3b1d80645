import { LoadingState } from '@web/components/ui/spinner';
import { type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useAuth } from '../lib/use-auth';
import {
  AcceptInvitationPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  SetupPage,
} from './lazy-pages';
import { ProtectedRoutes } from './protected-routes';

/** /login is for anonymous visitors only: a signed-in user goes to the dashboard. */
function AnonymousOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingState className="min-h-svh" />;
  if (user) return <Redirect to="/" replace />;
  return children;
}

export function AppRouter() {
  return (
    <Suspense fallback={<LoadingState className="min-h-svh" />}>
      <Switch>
        <Route path="/login">
          <AnonymousOnly>
            <LoginPage />
          </AnonymousOnly>
        </Route>
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/setup" component={SetupPage} />
        <Route path="/invitation" component={AcceptInvitationPage} />
        <Route component={ProtectedRoutes} />
      </Switch>
    </Suspense>
  );
}
