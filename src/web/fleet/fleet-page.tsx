import { usePageTitle } from '@web/app/page-title';
import { ErrorState } from '@web/components/page-states';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { CoverageCard } from '../components/fleet/coverage-card';
import { FleetFilters } from '../components/fleet/fleet-filters';
import { useFleetCounts } from '../lib/fleet/api';
import { useFleetParams } from '../lib/fleet/use-fleet-params';
import { FleetSites } from './fleet-sites';
import { PhpReference, ReferencesWarning, WordPressReference } from './references';
import { PhpCounts, WordPressCounts } from './version-counts';

/** WordPress and PHP across the fleet, what is behind, and what nobody watches. */
export function FleetPage() {
  const { params, set } = useFleetParams();
  const filter = { clientId: params.clientId, serverId: params.serverId, tagId: params.tagId };
  const fleet = useFleetCounts(filter);
  usePageTitle(
    'Fleet',
    fleet.data
      ? `WordPress and PHP across ${formatCount(fleet.data.sites, 'site')}`
      : 'WordPress and PHP across your sites',
  );
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <FleetFilters params={params} set={set} />
      {fleet.isPending ? (
        <LoadingState text="Counting versions..." className="min-h-[30vh]" />
      ) : fleet.isError ? (
        <ErrorState
          title="Unable to count versions"
          description={errorMessage(fleet.error, 'Please try again.')}
        />
      ) : (
        <>
          <ReferencesWarning references={fleet.data.references} />
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <PhpCounts
              fleet={fleet.data}
              description={<PhpReference references={fleet.data.references} />}
              selected={params.php}
              onPick={(php) =>
                set({ php: params.php === php ? undefined : php, wordpress: undefined, page: 1 })
              }
            />
            <WordPressCounts
              fleet={fleet.data}
              description={<WordPressReference references={fleet.data.references} />}
              selected={params.wordpress}
              onPick={(wordpress) =>
                set({
                  wordpress: params.wordpress === wordpress ? undefined : wordpress,
                  php: undefined,
                  page: 1,
                })
              }
            />
          </div>
          {(params.php || params.wordpress) && <FleetSites params={params} set={set} />}
          <p className="text-xs text-muted-foreground">
            The latest WordPress release and PHP’s end-of-life dates are read every day from wordpress.org and
            endoflife.date; a newer release already running on one of your sites counts as the latest.
            Versions come from each site’s HD Snapshot plugin, else from GridPane.
          </p>
        </>
      )}
      <CoverageCard />
    </div>
  );
}
