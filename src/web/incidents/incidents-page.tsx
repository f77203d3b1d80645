import { exportUrl } from '@shared/exports';
import { usePageTitle } from '@web/app/page-title';
import { ExportButton } from '@web/components/export-button';
import { IncidentItem } from '@web/components/incident-item';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useIncidents } from '../lib/incidents/api';

const FILTERS = [
  ['', 'All'],
  ['open', 'Open'],
  ['resolved', 'Resolved'],
] as const;

/** Every incident of our checks and of Better Uptime's monitors: open ones first, then the newest. */
export function IncidentsPage() {
  usePageTitle('Incidents', 'When sites went down, for how long, and why');
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const status =
    params.get('status') === 'open' || params.get('status') === 'resolved'
      ? (params.get('status') as 'open' | 'resolved')
      : undefined;
  const focus = params.get('focus');
  const incidents = useIncidents({ status });
  const list = incidents.data?.data ?? [];

  useEffect(() => {
    if (focus && list.length)
      document.getElementById(`incident-${focus}`)?.scrollIntoView({ block: 'center' });
  }, [focus, list.length]);

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {FILTERS.map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={(status ?? '') === value}
              onClick={() => navigate(value ? `/incidents?status=${value}` : '/incidents')}
              className="rounded-md border px-3 py-1.5 text-sm font-medium aria-pressed:bg-primary aria-pressed:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {label}
            </button>
          ))}
        </fieldset>
        <ExportButton
          href={exportUrl('/api/incidents/export.csv', { status })}
          description="Export CSV of the incidents shown"
        />
      </div>
      {incidents.isPending ? (
        <LoadingState text="Loading incidents..." />
      ) : incidents.isError ? (
        <ErrorState
          title="Unable to load incidents"
          description={errorMessage(incidents.error, 'Please try again.')}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title={status === 'open' ? 'Nothing is down' : 'No incidents yet'}
          description="Incidents appear here when one of your checks, or a Better Uptime monitor, finds a site down."
        />
      ) : (
        <ol className="grid gap-4" aria-label="Incidents">
          {list.map((i) => (
            <IncidentItem key={i.id} incident={i} />
          ))}
        </ol>
      )}
    </div>
  );
}
