import type { FleetCounts } from '@shared/fleet';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatCalendarDay, formatCount } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import type { ReactNode } from 'react';

type Row = { key: string; label: string; sites: number; flag: ReactNode; bad: boolean };

/** One count per line with a bar against the largest; each line opens the sites behind it. */
function CountsCard({
  title,
  description,
  rows,
  unknown,
  selected,
  onPick,
}: {
  title: string;
  /** Under the title: what the rows are flagged against. */
  description?: ReactNode;
  rows: Row[];
  unknown: number;
  selected: string | undefined;
  onPick: (key: string) => void;
}) {
  const max = Math.max(1, ...rows.map((r) => r.sites), unknown);
  const all = [
    ...rows,
    ...(unknown
      ? [{ key: 'unknown', label: 'Not reported yet', sites: unknown, flag: null, bad: false }]
      : []),
  ];
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription className="text-xs">{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {all.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sites match these filters.</p>
        ) : (
          <ul className="grid gap-1">
            {all.map((r) => (
              <li key={r.key}>
                <button
                  type="button"
                  onClick={() => onPick(r.key)}
                  aria-pressed={selected === r.key}
                  className={cn(
                    'grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-md px-2 py-1.5 text-left text-sm',
                    'hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    selected === r.key && 'bg-muted',
                  )}
                >
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className={cn('font-medium', r.key === 'unknown' && 'text-muted-foreground')}>
                      {r.label}
                    </span>
                    {r.flag}
                  </span>
                  <span className="tabular-nums">{formatCount(r.sites, 'site')}</span>
                  <span className="col-span-2 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <span
                      className={cn('block h-full rounded-full', r.bad ? 'bg-red-500' : 'bg-primary')}
                      style={{ width: `${(r.sites / max) * 100}%` }}
                    />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A calendar day ("2026-12-31") as people read it: "31 Dec 2026". */
export const dayText = (date: string) => formatCalendarDay(date);

export function PhpCounts({
  fleet,
  description,
  selected,
  onPick,
}: {
  fleet: FleetCounts;
  description?: ReactNode;
  selected?: string;
  onPick: (v: string) => void;
}) {
  const rows: Row[] = fleet.php.map((p) => ({
    key: p.version,
    label: `PHP ${p.version}`,
    sites: p.sites,
    bad: p.pastEndOfLife,
    flag: p.pastEndOfLife ? (
      <Badge variant="destructive">End of life{p.endOfLife ? ` ${dayText(p.endOfLife)}` : ''}</Badge>
    ) : p.endOfLife ? (
      <span className="text-xs text-muted-foreground">supported until {dayText(p.endOfLife)}</span>
    ) : (
      <span className="text-xs text-muted-foreground">
        {p.source ? 'supported, no end date announced' : 'end of life unknown'}
      </span>
    ),
  }));
  return (
    <CountsCard
      title="PHP versions"
      description={description}
      rows={rows}
      unknown={fleet.unknown.php}
      selected={selected}
      onPick={onPick}
    />
  );
}

export function WordPressCounts({
  fleet,
  description,
  selected,
  onPick,
}: {
  fleet: FleetCounts;
  description?: ReactNode;
  selected?: string;
  onPick: (v: string) => void;
}) {
  const rows: Row[] = fleet.wordpress.map((w) => ({
    key: w.version,
    label: `WordPress ${w.version}`,
    sites: w.sites,
    bad: w.outdated,
    flag: w.outdated ? (
      <Badge variant="outline" className="border-amber-500/60 text-amber-800 dark:text-amber-300">
        Behind {fleet.references.wordpress.latest}
      </Badge>
    ) : (
      <span className="text-xs text-muted-foreground">latest</span>
    ),
  }));
  return (
    <CountsCard
      title="WordPress versions"
      description={description}
      rows={rows}
      unknown={fleet.unknown.wordpress}
      selected={selected}
      onPick={onPick}
    />
  );
}
