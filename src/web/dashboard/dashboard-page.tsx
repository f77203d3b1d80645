import { usePageTitle } from '@web/app/page-title';
import { CoverageSummary } from '@web/components/fleet/coverage-card';
import { ErrorState } from '@web/components/page-states';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { RecentActivity } from '../components/dashboard/recent-activity';
import { useDashboard } from '../lib/dashboard/api';
import { DashboardSkeleton } from './dashboard-skeleton';
import { Metrics } from './metrics';
import { QuickActions } from './quick-actions';
import { UptimeHistory } from './uptime-history';
import { WebsiteStatus } from './website-status';

export function DashboardPage() {
  usePageTitle('Agency Management Hub', 'Monitor and manage all your websites and servers');
  const dashboard = useDashboard();

  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) {
    return (
      <ErrorState
        title="Could not load the dashboard"
        description={errorMessage(dashboard.error, 'Something went wrong. Please try again.')}
        action={
          <Button variant="outline" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  const data = dashboard.data;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <Metrics data={data} />
      <CoverageSummary />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <WebsiteStatus data={data} />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <QuickActions />
          <RecentActivity />
        </div>
      </div>
      <UptimeHistory data={data} />
    </div>
  );
}
