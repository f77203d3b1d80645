import type { Incident } from '@shared/incidents';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime, formatDuration } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { Link } from 'wouter';

const SOURCE = { check: 'Our check', monitor: 'Better Uptime', server: 'Server' } as const;

/**
 * What went down, in the tense of the incident ("shop.example is down", "… was down"); the site it
 * names links to its website page when the incident belongs to a website.
 */
function IncidentTitle({ incident: i }: { incident: Incident }) {
  const title =
    i.status === 'open'
      ? i.title
      : i.title.replace(/ is down$/, ' was down').replace(/ sites down$/, ' sites were down');
  const named = /^(.+)( (?:is|was) down)$/.exec(title);
  if (i.websiteId === null || !named) return title;
  return (
    <>
      <Link href={`/websites/internal/${i.websiteId}`} className="underline-offset-4 hover:underline">
        {named[1]}
      </Link>
      {named[2]}
    </>
  );
}

/** One incident: what, since when, for how long, why; with the failing responses when not compact. */
export function IncidentItem({ incident: i, compact }: { incident: Incident; compact?: boolean }) {
  const open = i.status === 'open';
  return (
    <li
      id={`incident-${i.id}`}
      className={cn(
        'grid gap-1 rounded-md border-l-4 py-1 pl-3',
        open ? 'border-l-red-500' : 'border-l-emerald-500',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-medium break-words">
          <IncidentTitle incident={i} />
        </span>
        <Badge variant={open ? 'destructive' : 'secondary'}>{open ? 'Open' : 'Resolved'}</Badge>
        {!compact && <Badge variant="outline">{SOURCE[i.source]}</Badge>}
        {i.source === 'server' && <Badge variant="outline">{i.children} sites</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={i.startedAt}>{formatDateTime(i.startedAt)}</time>
        {open
          ? ` · down for ${formatDuration((i.durationSeconds ?? 0) * 1000)} so far`
          : ` · lasted ${formatDuration((i.durationSeconds ?? 0) * 1000)}`}
        {i.clientName && (
          <>
            {' · '}
            <Link href={`/clients/${i.clientId}`} className="underline-offset-4 hover:underline">
              {i.clientName}
            </Link>
          </>
        )}
        {!compact && i.checkId && (
          <>
            {' · '}
            <Link href={`/uptime/checks/${i.checkId}`} className="underline-offset-4 hover:underline">
              open the check
            </Link>
          </>
        )}
      </p>
      {i.cause && <p className="text-sm break-words">{i.cause}</p>}
      {!compact && i.failures.length > 0 && (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {i.failures.map((f) => (
            <li key={f.at}>
              {formatDateTime(f.at)}: {f.error ?? (f.status ? `HTTP ${f.status}` : 'no answer')}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
