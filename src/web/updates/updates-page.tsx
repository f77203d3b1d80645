import type { UpdateRunListItem } from '@shared/updates';
import { usePageTitle } from '@web/app/page-title';
import { ListPager } from '@web/components/list-pager';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { TABLE_CELL, TABLE_HEAD_CELL, TableCard } from '@web/components/table-card';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatCount, formatDateTime } from '@web/lib/format';
import { useUpdateRuns } from '@web/lib/updates/api';
import { useListParams } from '@web/lib/use-list-params';
import { cn } from '@web/lib/utils';
import { RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { RunStatusPill } from './status';

const DESCRIPTION =
  'Plugin, theme and WordPress updates Agency Hub ran: each site backed up first and checked after.';

const NO_KEYS = [] as const;

/** The sites' outcomes, one column each; a count above zero takes its outcome's colour. */
const OUTCOMES = [
  {
    label: 'Updated',
    count: (r: UpdateRunListItem) => r.counts.done,
    tone: 'text-green-700 dark:text-green-300',
  },
  {
    label: 'Rolled back',
    count: (r: UpdateRunListItem) => r.counts.rolledBack,
    tone: 'text-amber-700 dark:text-amber-300',
  },
  {
    label: 'Failed',
    count: (r: UpdateRunListItem) => r.counts.failed,
    tone: 'text-red-700 dark:text-red-300',
  },
  { label: 'Skipped', count: (r: UpdateRunListItem) => r.counts.skipped, tone: undefined },
] as const;

const LINK =
  'rounded-sm font-medium break-words underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Every update run, newest first: what it updated, how far it got, and what became of its sites. */
export function UpdatesPage() {
  usePageTitle('Updates', DESCRIPTION);
  const { params, set } = useListParams(NO_KEYS);
  const runs = useUpdateRuns(params.page);

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      {/* The top bar hides its subtitle on narrow screens: the page says it there instead. */}
      <p className="text-sm text-muted-foreground md:hidden">{DESCRIPTION}</p>
      {runs.isPending ? (
        <LoadingState text="Loading update runs..." />
      ) : runs.isError ? (
        <ErrorState
          title="Unable to load the update runs"
          description={errorMessage(runs.error, 'Please try again.')}
        />
      ) : runs.data.data.length === 0 ? (
        <EmptyState
          icon={RefreshCw}
          title={params.page > 1 ? 'No update runs on this page' : 'No updates yet'}
          description="Updates are started from a website's page, the Security page or the Fleet view. Each run is listed here with what became of every site."
          action={
            <>
              <Link
                href="/security"
                className="text-sm font-medium text-primary-text underline-offset-2 hover:underline"
              >
                Open Security
              </Link>
              <Link
                href="/fleet"
                className="text-sm font-medium text-primary-text underline-offset-2 hover:underline"
              >
                Open Fleet
              </Link>
            </>
          }
        />
      ) : (
        <>
          <TableCard
            caption="Update runs, newest first"
            head={
              <>
                <th scope="col" className={TABLE_HEAD_CELL}>
                  Update
                </th>
                <th scope="col" className={TABLE_HEAD_CELL}>
                  Status
                </th>
                {OUTCOMES.map((o) => (
                  <th key={o.label} scope="col" className={cn(TABLE_HEAD_CELL, 'text-right')}>
                    {o.label}
                  </th>
                ))}
                <th scope="col" className={TABLE_HEAD_CELL}>
                  Requested by
                </th>
                <th scope="col" className={TABLE_HEAD_CELL}>
                  Started
                </th>
              </>
            }
          >
            {runs.data.data.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </TableCard>
          <ListPager
            page={runs.data.page}
            total={runs.data.total}
            pageSize={runs.data.pageSize}
            onPage={(page) => set({ page })}
          />
        </>
      )}
    </div>
  );
}

/** When the run started; before it did, when it starts (scheduled) or was asked for. */
function RunTime({ run }: { run: UpdateRunListItem }) {
  const [label, at] = run.startedAt
    ? ['', run.startedAt]
    : run.status === 'scheduled'
      ? ['Starts ', run.startsAt]
      : ['Asked for ', run.createdAt];
  return (
    <>
      {label && <span className="text-muted-foreground">{label}</span>}
      <time dateTime={at}>{formatDateTime(at)}</time>
    </>
  );
}

function RunRow({ run }: { run: UpdateRunListItem }) {
  return (
    <tr className="border-b last:border-0">
      <td className={cn(TABLE_CELL, 'max-w-xs min-w-48')}>
        <Link href={`/updates/${run.id}`} className={LINK}>
          {run.title}
        </Link>
        <div className="text-xs text-muted-foreground">
          {formatCount(run.counts.sites, 'site')}
          {run.canary ? ' · one site first' : ''}
        </div>
      </td>
      <td className={TABLE_CELL}>
        <RunStatusPill status={run.status} />
      </td>
      {OUTCOMES.map((o) => {
        const count = o.count(run);
        return (
          <td
            key={o.label}
            className={cn(
              TABLE_CELL,
              'text-right tabular-nums',
              count > 0 ? cn('font-medium', o.tone) : 'text-muted-foreground',
            )}
          >
            {count.toLocaleString('en-US')}
          </td>
        );
      })}
      <td className={cn(TABLE_CELL, 'whitespace-nowrap')}>
        {run.requestedBy?.name ?? <span className="text-muted-foreground">—</span>}
      </td>
      <td className={cn(TABLE_CELL, 'whitespace-nowrap tabular-nums')}>
        <RunTime run={run} />
      </td>
    </tr>
  );
}
