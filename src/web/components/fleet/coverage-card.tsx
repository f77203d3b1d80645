import type { Coverage } from '@shared/fleet';
import { useQueryClient } from '@tanstack/react-query';
import { RoleGate } from '@web/components/role-gate';
import { SectionQuery } from '@web/components/section-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCreateChecksForWebsites } from '@web/lib/checks/api';
import { refusedText } from '@web/lib/checks/refused';
import { useClients } from '@web/lib/clients/api';
import { useSetWebsiteClient } from '@web/lib/clients/client-api';
import { formatCount } from '@web/lib/format';
import { CircleCheck, Radar } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { fleetKeys, useCoverage } from '../../lib/fleet/api';

const SHOWN = 5;

/** What nobody watches, matches, hears from or owns, each with its one-click fix where there is one. */
export function CoverageCard() {
  const coverage = useCoverage();
  return (
    <Card id="coverage">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Coverage</CardTitle>
      </CardHeader>
      <CardContent>
        <SectionQuery query={coverage} loading="Checking coverage..." failed="Could not check coverage">
          {(c) => <CoverageSections coverage={c} />}
        </SectionQuery>
      </CardContent>
    </Card>
  );
}

function CoverageSections({ coverage: c }: { coverage: Coverage }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: fleetKeys.coverage });
  const addChecks = useCreateChecksForWebsites();
  const checkAll = async (ids: number[]) => {
    try {
      const { created, refused } = await addChecks.mutateAsync(ids);
      toast({
        title: `Added ${formatCount(created, 'check')}`,
        description: refusedText(refused) ?? 'Each website is now checked every minute.',
      });
      await refresh();
    } catch (error) {
      toast({ title: 'Failed to add checks', description: errorMessage(error, ''), variant: 'destructive' });
    }
  };
  const nothing = Object.values(c.totals).every((n) => n === 0);
  if (nothing) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
        Every site is monitored, has a client and answers its snapshot plugin; every monitor matches a site.
      </p>
    );
  }
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Section
        title="Sites without a monitor or check"
        total={c.totals.unmonitoredSites}
        action={
          c.unmonitoredSites.length > 0 && (
            <RoleGate need="staff">
              <Button
                size="sm"
                variant="outline"
                disabled={addChecks.isPending}
                onClick={() => checkAll(c.unmonitoredSites.map((s) => s.websiteId))}
              >
                <Radar aria-hidden="true" />
                {c.totals.unmonitoredSites > c.unmonitoredSites.length
                  ? `Check these ${c.unmonitoredSites.length}`
                  : c.unmonitoredSites.length === 1
                    ? 'Add a check'
                    : `Check all ${c.unmonitoredSites.length}`}
              </Button>
            </RoleGate>
          )
        }
        items={c.unmonitoredSites.map((s) => ({
          key: String(s.websiteId),
          node: <SiteLink id={s.websiteId} domain={s.domain} />,
        }))}
      />
      <Section
        title="Sites without a client"
        total={c.totals.sitesWithoutClient}
        items={c.sitesWithoutClient.map((s) => ({
          key: String(s.websiteId),
          node: (
            <span className="flex min-w-0 items-center justify-between gap-2">
              <SiteLink id={s.websiteId} domain={s.domain} />
              <AssignClient websiteId={s.websiteId} domain={s.domain} onDone={refresh} />
            </span>
          ),
        }))}
      />
      <Section
        title="Snapshot plugin not answering"
        total={c.totals.snapshotFailures}
        items={c.snapshotFailures.map((s) => ({
          key: String(s.websiteId),
          node: (
            <span className="grid min-w-0">
              <SiteLink id={s.websiteId} domain={s.domain} />
              {s.error && (
                <span className="truncate text-xs text-muted-foreground" title={s.error}>
                  {s.error}
                </span>
              )}
            </span>
          ),
        }))}
      />
      <Section
        title="Monitors matching no hosted site"
        total={c.totals.unmatchedMonitors}
        items={c.unmatchedMonitors.map((m) => ({
          key: m.id,
          node: (
            <Link
              href={`/uptime?q=${encodeURIComponent(m.url)}`}
              className="block truncate hover:underline"
              title={m.url}
            >
              {m.name}
            </Link>
          ),
        }))}
      />
    </div>
  );
}

function Section({
  title,
  total,
  items,
  action,
}: {
  title: string;
  total: number;
  items: { key: string; node: ReactNode }[];
  action?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, SHOWN);
  return (
    <section className="grid content-start gap-2" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          {title}{' '}
          <span className={total ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground'}>
            {total.toLocaleString('en-US')}
          </span>
        </h3>
        {action}
      </div>
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {shown.map((i) => (
            <li key={i.key} className="min-w-0">
              {i.node}
            </li>
          ))}
        </ul>
      )}
      {items.length > SHOWN && (
        <Button variant="link" size="sm" className="justify-self-start px-0" onClick={() => setOpen(!open)}>
          {open ? 'Show fewer' : `Show ${items.length - SHOWN} more`}
        </Button>
      )}
      {total > items.length && open && (
        <p className="text-xs text-muted-foreground">
          The first {items.length} of {total.toLocaleString('en-US')} are listed.
        </p>
      )}
    </section>
  );
}

const SiteLink = ({ id, domain }: { id: number; domain: string }) => (
  <Link href={`/websites/internal/${id}`} className="block truncate hover:underline">
    {domain}
  </Link>
);

/** One click (after picking whom): gives the website to a client. */
function AssignClient({
  websiteId,
  domain,
  onDone,
}: {
  websiteId: number;
  domain: string;
  onDone: () => void;
}) {
  const clients = useClients();
  const set = useSetWebsiteClient();
  if (!clients.data?.length) return null;
  return (
    <Select
      onValueChange={async (v) => {
        try {
          const { client } = await set.mutateAsync({ websiteId, clientId: Number(v) });
          toast({ title: `${domain} now belongs to ${client?.name ?? 'the client'}` });
          onDone();
        } catch (error) {
          toast({
            title: 'Failed to assign the client',
            description: errorMessage(error, ''),
            variant: 'destructive',
          });
        }
      }}
      disabled={set.isPending}
    >
      <RoleGate need="staff" className="shrink-0">
        <SelectTrigger className="h-7 w-32 shrink-0 text-xs" aria-label={`Client for ${domain}`}>
          <SelectValue placeholder="Assign..." />
        </SelectTrigger>
      </RoleGate>
      <SelectContent>
        {clients.data.map((c) => (
          <SelectItem key={c.id} value={String(c.id)}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The dashboard's line: how much is not covered, leading to the fleet view. */
export function CoverageSummary() {
  const coverage = useCoverage(1);
  const t = coverage.data?.totals;
  if (!t) return null;
  const parts = [
    [t.unmonitoredSites, 'unmonitored site'],
    [t.sitesWithoutClient, 'site without a client', 'sites without a client'],
    [t.snapshotFailures, 'silent snapshot plugin'],
    [t.unmatchedMonitors, 'unmatched monitor'],
  ].filter(([n]) => Number(n) > 0) as [number, string, string?][];
  if (parts.length === 0) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
        <p className="text-sm">
          <span className="font-medium">Coverage: </span>
          {parts.map(([n, one, many]) => formatCount(n, one, many)).join(', ')}
        </p>
        <Button size="sm" variant="outline" asChild>
          <Link href="/fleet#coverage">Review and fix</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
