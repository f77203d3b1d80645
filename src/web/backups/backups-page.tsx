import {
  BACKUP_STATE_LABELS,
  BACKUP_STATES,
  type BackupListItem,
  type BackupState,
  type BackupSummary,
} from '@shared/backups';
import { WEBSITE_HOST_NAMES, WEBSITE_HOSTS, type WebsiteHost } from '@shared/websites';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '@web/app/page-title';
import {
  LastBackup,
  locationLabel,
  retentionLabel,
  scheduleLabel,
} from '@web/components/backups/backup-state';
import { ExportButton } from '@web/components/export-button';
import { FilterSelect, FleetFilters } from '@web/components/fleet/fleet-filters';
import { ListPager } from '@web/components/list-pager';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { useCan } from '@web/components/role-gate';
import { SearchInput } from '@web/components/search-input';
import { SummaryFigure } from '@web/components/summary-figure';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { LoadingState, Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { api, errorMessage } from '@web/lib/api';
import {
  BACKUPS_PAGE_SIZE,
  type BackupFilter,
  backupKeys,
  useBackupList,
  useBackupSummary,
} from '@web/lib/backups/api';
import { type FleetParams, fleetAddressPatch } from '@web/lib/fleet/use-fleet-params';
import { formatCount } from '@web/lib/format';
import { listSearch, useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { DatabaseBackup } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';

const KEYS = ['client', 'server', 'tag', 'host', 'state', 'q'] as const;
const positive = (v: string | undefined) => (v && /^[1-9]\d*$/.test(v) ? Number(v) : undefined);

const STATE_TONE: Record<BackupState, string | undefined> = {
  never: 'text-red-700 dark:text-red-300',
  old: 'text-amber-700 dark:text-amber-200',
  unknown: undefined,
  recent: undefined,
};

/**
 * When was each site last backed up, and where: the fleet's websites across both hosts by the age of
 * their newest backup, worst first, with the schedules and settings that put them at risk.
 */
export function BackupsPage() {
  const { params, set } = useListParams(KEYS);
  const filter: BackupFilter = {
    clientId: positive(params.client),
    serverId: params.server && /^\d+$/.test(params.server) ? params.server : undefined,
    tagId: positive(params.tag),
    host: WEBSITE_HOSTS.includes(params.host as WebsiteHost) ? (params.host as WebsiteHost) : undefined,
    state: BACKUP_STATES.includes(params.state as BackupState) ? (params.state as BackupState) : undefined,
    q: params.q,
  };
  const summary = useBackupSummary(filter);
  usePageTitle('Backups', 'When each site was last backed up, and where');
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const fleetParams: FleetParams = { ...filter, page: params.page };
  const setFleet = (patch: Partial<FleetParams>) => set(fleetAddressPatch(patch));
  const exportQuery = listSearch({ ...filter });

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid w-full gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center">
          <FleetFilters params={fleetParams} set={setFleet} />
          <FilterSelect
            label="Host"
            all="Any host"
            value={filter.host}
            options={WEBSITE_HOSTS.map((h) => ({ value: h, label: WEBSITE_HOST_NAMES[h] }))}
            onChange={(host) => set({ host })}
          />
        </div>
        <ExportButton
          href={`/api/backups/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
          description="Export CSV of the websites and their last backup"
        />
      </div>
      {summary.isPending ? (
        <LoadingState text="Counting the fleet's backups..." className="min-h-[20vh]" />
      ) : summary.isError ? (
        <ErrorState
          title="Unable to load the Backups summary"
          description={errorMessage(summary.error, 'Please try again.')}
        />
      ) : (
        <Summary
          summary={summary.data}
          state={filter.state}
          onState={(state) => set({ state: filter.state === state ? undefined : state })}
        />
      )}
      <section aria-labelledby="backups-heading" className="grid min-w-0 gap-3">
        <h2 id="backups-heading" className="text-lg font-semibold">
          Websites
        </h2>
        <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Search websites..."
            label="Search websites"
            className="sm:w-72"
          />
          <FilterSelect
            label="Backup state"
            all="Any state"
            value={filter.state}
            options={BACKUP_STATES.map((s) => ({ value: s, label: BACKUP_STATE_LABELS[s] }))}
            onChange={(state) => set({ state })}
          />
        </div>
        <BackupsTable filter={filter} page={params.page} onPage={(page) => set({ page })} />
      </section>
    </div>
  );
}

const SUMMARY_NOTES: Record<BackupState, (hours: number) => string> = {
  recent: (h) => `sites · newest under ${h} h old`,
  old: (h) => `sites · newest over ${h} h old`,
  never: () => 'sites · the host lists none',
  unknown: () => 'sites · not read yet',
};

/** The fleet at a glance: sites per backup state (each a filter), and settings that put them at risk. */
function Summary({
  summary,
  state,
  onState,
}: {
  summary: BackupSummary;
  state: BackupState | undefined;
  onState: (state: BackupState) => void;
}) {
  const order: BackupState[] = ['recent', 'old', 'never', 'unknown'];
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 xl:grid-cols-6">
      {order.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={state === s}
          onClick={() => onState(s)}
          className="rounded-xl text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <SummaryFigure
            label={BACKUP_STATE_LABELS[s]}
            value={summary[s]}
            note={SUMMARY_NOTES[s](summary.thresholdHours)}
            tone={summary[s] > 0 ? STATE_TONE[s] : undefined}
            selected={state === s}
          />
        </button>
      ))}
      <SummaryFigure
        label="No off-site copy"
        value={summary.remoteOff}
        note="sites · none scheduled"
        tone={summary.remoteOff > 0 ? STATE_TONE.old : undefined}
      />
      <SummaryFigure
        label="Automatic backups off"
        value={summary.automaticOff}
        note="sites · none scheduled"
        tone={summary.automaticOff > 0 ? STATE_TONE.never : undefined}
      />
    </div>
  );
}

function BackupsTable({
  filter,
  page,
  onPage,
}: {
  filter: BackupFilter;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useBackupList({ ...filter, page });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const canBackUp = useCan('staff');
  const toggle = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  if (list.isPending) return <LoadingState text="Loading websites..." />;
  if (list.isError)
    return (
      <ErrorState
        title="Unable to load the websites"
        description={errorMessage(list.error, 'Please try again.')}
      />
    );
  const { data, total, overall } = list.data;
  if (data.length === 0) {
    return overall === 0 ? (
      <EmptyState
        icon={DatabaseBackup}
        title="No websites yet"
        description="Websites arrive from your hosts: connect GridPane or Kinsta on the Integrations page and their sites and backups are read here."
        action={
          <Link
            href="/integrations"
            className="text-sm font-medium text-primary-text underline-offset-2 hover:underline"
          >
            Open Integrations
          </Link>
        }
      />
    ) : (
      <EmptyState
        icon={DatabaseBackup}
        title="No websites match"
        description="Try another search, state or filter."
      />
    );
  }
  const now = Date.now();
  const ids = data.map((w) => w.websiteId);
  const all = ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));
  const chosen = data.filter((w) => selected.has(w.websiteId));
  return (
    <Card className="grid min-w-0 gap-3 p-0">
      {canBackUp && <BackUpSelected chosen={chosen} onDone={() => setSelected(new Set())} />}
      <div className="overflow-x-auto">
        <table className="w-full text-sm sm:min-w-[48rem]">
          <caption className="sr-only">Websites and their newest backup, the most at risk first</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr className="border-b">
              {canBackUp && (
                <th scope="col" className="w-10 py-2 pl-4">
                  <Checkbox
                    aria-label="Select every website on this page"
                    checked={all ? true : some ? 'indeterminate' : false}
                    onCheckedChange={(on) => toggle(ids, on === true)}
                  />
                </th>
              )}
              <th scope="col" className="py-2 pr-3 pl-4 font-medium">
                Website
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Last backup
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
                Where
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
                Schedule
              </th>
              <th scope="col" className="hidden py-2 pr-4 font-medium lg:table-cell">
                Retention
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((w) => (
              <tr key={w.websiteId} className="border-b align-top last:border-0">
                {canBackUp && (
                  <td className="py-2 pl-4">
                    <Checkbox
                      aria-label={`Select ${w.domain}`}
                      checked={selected.has(w.websiteId)}
                      onCheckedChange={(on) => toggle([w.websiteId], on === true)}
                    />
                  </td>
                )}
                <td className="max-w-xs py-2 pr-3 pl-4">
                  <Link
                    href={`/websites/internal/${w.websiteId}`}
                    className="font-medium break-all underline-offset-2 hover:underline"
                  >
                    {w.domain}
                  </Link>
                  <div className="text-xs text-muted-foreground">
                    {WEBSITE_HOST_NAMES[w.host]}
                    {w.client ? ` · ${w.client.name}` : ''}
                  </div>
                </td>
                <td className="py-2 pr-3">
                  <LastBackup state={w.state} at={w.lastBackupAt} readAt={w.readAt} now={now} />
                </td>
                <td className="hidden py-2 pr-3 md:table-cell">
                  {w.lastBackupAt ? (
                    locationLabel(w.location)
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className="hidden py-2 pr-3 md:table-cell">{scheduleLabel(w.schedule, w.automatic)}</td>
                <td className="hidden py-2 pr-4 tabular-nums lg:table-cell">
                  {retentionLabel(w.retentionDays)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="px-4 pb-3">
        <ListPager page={page} total={total} pageSize={BACKUPS_PAGE_SIZE} onPage={onPage} />
        <p className="pt-2 text-[11px] text-muted-foreground">
          {formatCount(total, 'website')} · backups as GridPane and Kinsta list them, read in the background.
        </p>
      </div>
    </Card>
  );
}

/**
 * Back up the websites picked on this page: one request each (GridPane on the server, Kinsta its
 * manual backup), each followed on its website's page; what a host refused is said, the rest go on.
 */
function BackUpSelected({ chosen, onDone }: { chosen: BackupListItem[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  if (chosen.length === 0) return null;
  const run = async () => {
    setPending(true);
    const refused: string[] = [];
    for (const w of chosen) {
      try {
        await api.post(`/api/websites/${w.websiteId}/backups`, {});
      } catch (error) {
        refused.push(`${w.domain}: ${errorMessage(error, 'refused')}`);
      }
    }
    setPending(false);
    await queryClient.invalidateQueries({ queryKey: backupKeys.all });
    const asked = chosen.length - refused.length;
    toast({
      title: `${formatCount(asked, 'backup')} asked for`,
      description: refused.length
        ? `Not asked: ${refused.join('; ')}`
        : "Each shows its progress on its website's page.",
      variant: refused.length && asked === 0 ? 'destructive' : undefined,
    });
    onDone();
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-4 py-2 text-sm">
      <span>{formatCount(chosen.length, 'website')} selected</span>
      <Button size="sm" onClick={run} disabled={pending}>
        {pending && <Spinner />}
        Back up {formatCount(chosen.length, 'website')} now
      </Button>
    </div>
  );
}
