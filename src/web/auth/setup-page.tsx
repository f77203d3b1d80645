import { usePageTitle } from '@web/app/page-title';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { Link, useSearch } from 'wouter';
import { useSetupStatus } from './api';
import { AuthLayout } from './auth-layout';
import { Notice } from './notice';
import { SetupForm } from './setup-form-view';

/** First run, while no user exists: creates the first account with the one-time link the server printed. */
export function SetupPage() {
  usePageTitle('Set up Agency Hub');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const status = useSetupStatus();

  if (status.isPending) return <LoadingState className="min-h-svh" />;

  if (status.data && !status.data.needed) {
    return (
      <AuthLayout title="Create the first account">
        <div className="grid gap-4 text-center">
          <p className="text-sm">Agency Hub is already set up.</p>
          <Button asChild className="w-full">
            <Link href="/login">Sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create the first account"
      description="This account can then invite the rest of the team."
    >
      {token ? (
        <SetupForm token={token} />
      ) : (
        <Notice tone="warning">
          <p className="font-medium">This setup link is incomplete.</p>
          <p>
            When Agency Hub starts without any account, the server prints a one-time setup link in its log.
            Open that exact link (it ends with <code className="font-mono">?token=…</code>) to create the
            first account.
          </p>
        </Notice>
      )}
    </AuthLayout>
  );
}
