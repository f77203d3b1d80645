import { formatCount, formatDate } from '@web/lib/format';
import { Link } from 'wouter';
import { type SecurityFilter, useClosedPlugins } from '../lib/security/api';

/**
 * The plugins wordpress.org's directory closed that the selected sites run, most widespread first:
 * closed plugins get no more fixes, so each is a replacement to plan. Nothing is shown while there
 * are none; the summary says when the directory was not read yet.
 */
export function ClosedPluginsSection({ filter }: { filter: SecurityFilter }) {
  const closed = useClosedPlugins(filter);
  const items = closed.data?.items ?? [];
  if (!closed.data?.checked || items.length === 0) return null;
  return (
    <section aria-labelledby="closed-heading" className="grid min-w-0 gap-3" data-testid="closed-plugins">
      <div>
        <h2 id="closed-heading" className="text-lg font-semibold">
          Closed on wordpress.org
        </h2>
        <p className="text-sm text-muted-foreground">
          These plugins get no more updates or security fixes from wordpress.org: replace or remove them.
        </p>
      </div>
      <ul className="grid gap-2">
        {items.map((p) => (
          <li key={p.slug} className="grid gap-1 rounded-md border p-3 text-sm">
            <p>
              <span className="font-medium">{p.name}</span>{' '}
              <span className="text-muted-foreground">
                ({p.slug}) closed{p.closedOn ? ` on ${formatDate(p.closedOn)}` : ''}
                {p.reason ? `: ${p.reason}` : ''} · {formatCount(p.siteCount, 'site')}
              </span>
            </p>
            <p className="flex flex-wrap gap-x-3 gap-y-1">
              {p.sites.map((site) => (
                <Link
                  key={site.id}
                  href={`/websites/internal/${site.id}`}
                  className="text-primary hover:underline"
                >
                  {site.name}
                </Link>
              ))}
              {p.siteCount > p.sites.length && (
                <span className="text-muted-foreground">
                  and {formatCount(p.siteCount - p.sites.length, 'more site')}
                </span>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
