import {
  FINDING_STATUSES,
  type FindingStatus,
  SEVERITIES,
  SEVERITY_LABELS,
  type SecuritySummary,
  type Severity,
} from '@shared/security';
import { usePageTitle } from '@web/app/page-title';
import { ExportButton } from '@web/components/export-button';
import { FleetFilters } from '@web/components/fleet/fleet-filters';
import { ErrorState } from '@web/components/page-states';
import { SearchInput } from '@web/components/search-input';
import { FeedAge } from '@web/components/severity';
import { SummaryFigure } from '@web/components/summary-figure';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { type FleetParams, fleetAddressPatch } from '@web/lib/fleet/use-fleet-params';
import { formatCount } from '@web/lib/format';
import { listSearch, useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { ShieldQuestion } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { DismissDialog, type DismissTarget } from '../components/security/dismiss-dialog';
import { type SecurityFilter, useSecuritySummary } from '../lib/security/api';
import { ClosedPluginsSection } from './closed-plugins';
import { FindingsTable } from './findings-table';

const KEYS = ['client', 'server', 'tag', 'severity', 'status', 'q'] as const;
const STATUS_LABELS: Record<FindingStatus, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  all: 'Open and dismissed',
};
const positive = (v: string | undefined) => (v && /^[1-9]\d*$/.test(v) ? Number(v) : undefined);

/**
 * Which sites are exposed, to what, and what fixes it: the fleet's findings from the vulnerability
 * feed, grouped by vulnerability, with the sites not checked (and why) counted apart, never as safe.
 */
export function SecurityPage() {
  const { params, set } = useListParams(KEYS);
  const filter: SecurityFilter = {
    clientId: positive(params.client),
    serverId: params.server && /^\d+$/.test(params.server) ? params.server : undefined,
    tagId: positive(params.tag),
    severity: SEVERITIES.includes(params.severity as Severity) ? (params.severity as Severity) : undefined,
    status: FINDING_STATUSES.includes(params.status as FindingStatus)
      ? (params.status as FindingStatus)
      : undefined,
    q: params.q,
  };
  const summary = useSecuritySummary(filter);
  usePageTitle(
    'Security',
    summary.data
      ? `Known vulnerabilities across ${formatCount(summary.data.sites.checked, 'checked site')}`
      : 'Known vulnerabilities across your sites',
  );
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const [dismissing, setDismissing] = useState<DismissTarget | null>(null);
  // The client, server and tag filters are the fleet view's, under the same address names.
  const fleetParams: FleetParams = { ...filter, page: params.page };
  const setFleet = (patch: Partial<FleetParams>) => set(fleetAddressPatch(patch));
  const exportQuery = listSearch({ ...filter });

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <FleetFilters params={fleetParams} set={setFleet} />
        <ExportButton
          href={`/api/security/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
          description="Export CSV of the findings, one row per site"
        />
      </div>
      {summary.isPending ? (
        <LoadingState text="Matching the fleet against the vulnerability data..." className="min-h-[20vh]" />
      ) : summary.isError ? (
        <ErrorState
          title="Unable to load the Security summary"
          description={errorMessage(summary.error, 'Please try again.')}
        />
      ) : (
        <Summary
          summary={summary.data}
          severity={filter.severity}
          onSeverity={(severity) => set({ severity: filter.severity === severity ? undefined : severity })}
        />
      )}
      <section aria-labelledby="findings-heading" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="findings-heading" className="text-lg font-semibold">
            Findings
          </h2>
          {summary.data && <FeedAge feed={summary.data.feed} />}
        </div>
        <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Search title, plugin or CVE..."
            label="Search findings"
            className="sm:w-72"
          />
          <Select
            value={filter.severity ?? 'all'}
            onValueChange={(v) => set({ severity: v === 'all' ? undefined : v })}
          >
            <SelectTrigger className="w-full sm:w-40" aria-label="Severity">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All severities</SelectItem>
              {SEVERITIES.map((s) => (
                <SelectItem key={s} value={s}>
                  {SEVERITY_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={filter.status ?? 'open'}
            onValueChange={(v) => set({ status: v === 'open' ? undefined : v })}
          >
            <SelectTrigger className="w-full sm:w-48" aria-label="Status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FINDING_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <FindingsTable
          filter={filter}
          page={params.page}
          onPage={(page) => set({ page })}
          onDismiss={setDismissing}
          summary={summary.data}
        />
      </section>
      <ClosedPluginsSection filter={filter} />
      <DismissDialog target={dismissing} onClose={() => setDismissing(null)} />
    </div>
  );
}

const SEVERITY_TONE: Record<Severity, string> = {
  critical: 'text-red-700 dark:text-red-300',
  high: 'text-orange-700 dark:text-orange-300',
  medium: 'text-amber-700 dark:text-amber-200',
  unknown: 'text-violet-700 dark:text-violet-300',
  low: 'text-sky-700 dark:text-sky-300',
};

/**
 * The fleet at a glance: checked sites, sites per severity (each a filter), updates, closed plugins,
 * insecure WordPress releases and PHP past its end of life.
 */
function Summary({
  summary,
  severity,
  onSeverity,
}: {
  summary: SecuritySummary;
  severity: Severity | undefined;
  onSeverity: (severity: Severity) => void;
}) {
  const { sites } = summary;
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3 xl:grid-cols-5">
        <SummaryFigure
          unknown="not checked"
          label="Sites checked"
          value={sites.checked}
          note={`of ${(sites.checked + sites.notChecked).toLocaleString('en-US')}`}
        />
        {SEVERITIES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={severity === s}
            onClick={() => onSeverity(s)}
            className="rounded-xl text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <SummaryFigure
              unknown="not checked"
              label={`${SEVERITY_LABELS[s]}`}
              value={summary.findings[s]}
              note="sites"
              tone={summary.findings[s] > 0 ? SEVERITY_TONE[s] : undefined}
              selected={severity === s}
            />
          </button>
        ))}
        <SummaryFigure label="Updates waiting" value={summary.updatesAvailable} note="plugins and themes" />
        <SummaryFigure
          unknown="not checked"
          label="Closed plugins"
          value={summary.closedPlugins}
          note={
            summary.closedPlugins === null
              ? "wordpress.org's directory not read yet"
              : 'installed · closed on wordpress.org'
          }
          tone={summary.closedPlugins ? SEVERITY_TONE.high : undefined}
        />
        <SummaryFigure
          unknown="not checked"
          label="WordPress insecure"
          value={summary.coreInsecure}
          note={
            summary.coreInsecure === null
              ? "wordpress.org's release list not read yet"
              : 'sites · a later release fixes it'
          }
          tone={summary.coreInsecure ? SEVERITY_TONE.high : undefined}
        />
        <Link
          href="/fleet"
          className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <SummaryFigure
            unknown="not checked"
            label="PHP past end of life"
            value={summary.phpEol}
            note="sites · see Fleet"
            tone={summary.phpEol > 0 ? SEVERITY_TONE.high : undefined}
          />
        </Link>
      </div>
      {sites.notChecked > 0 && <NotChecked summary={summary} />}
    </div>
  );
}

/** The sites not checked, by reason: they are never counted as safe. */
function NotChecked({ summary }: { summary: SecuritySummary }) {
  const [open, setOpen] = useState(false);
  return (
    <Card
      className="grid gap-2 border-amber-500/40 bg-amber-500/5 p-3 text-sm sm:p-4"
      data-testid="not-checked"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldQuestion className="size-4 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        <span className="font-medium">
          {formatCount(summary.sites.notChecked, 'site')} not checked: their vulnerabilities are unknown, not
          absent.
        </span>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide why' : 'Show why'}
        </Button>
      </div>
      {open && (
        <ul className="grid gap-1 pl-6 text-muted-foreground">
          {summary.notCheckedReasons.map((r) => (
            <li key={r.reason}>
              <span className="font-medium text-foreground tabular-nums">
                {r.sites.toLocaleString('en-US')}
              </span>{' '}
              {r.reason}
              {r.reason.includes('Integrations page') && (
                <>
                  {' '}
                  <Link href="/integrations" className="text-primary-text underline-offset-2 hover:underline">
                    Open Integrations
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
