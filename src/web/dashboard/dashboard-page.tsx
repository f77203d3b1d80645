import { AreaPlaceholder } from '@web/app/area-placeholder';
import { useAuth } from '@web/app/auth';

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <AreaPlaceholder
      title="Agency Management Hub"
      subtitle="Monitor and manage all your websites and servers"
      heading="The dashboard is being built"
    >
      <section aria-labelledby="welcome-heading" className="grid gap-1">
        <h2 id="welcome-heading" className="text-2xl font-semibold tracking-tight">
          Welcome{user ? `, ${user.username}` : ''}
        </h2>
        <p className="text-sm text-muted-foreground">
          The dashboard will summarise your websites, servers and uptime monitors once the integrations are
          set up.
        </p>
      </section>
    </AreaPlaceholder>
  );
}
