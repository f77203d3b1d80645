import type { SiteRow as Row } from '@shared/sites';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { orDash } from '@web/lib/format';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { isStaging } from './filter';
import { SiteTags, StagingBadge } from './site-badges';
import { SiteMonitorStatus } from './site-monitor-status';

const th = 'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2.5 align-middle';

export type Selection = { ids: ReadonlySet<number>; toggle: (websiteIds: number[], on: boolean) => void };

/** List view: one row per site of the page; View Details opens the internal website (spec §2). */
export function SitesTable({ sites, selection }: { sites: readonly Row[]; selection?: Selection }) {
  const selectable = sites.flatMap((s) => (s.website_id === null ? [] : [s.website_id]));
  const all = selectable.length > 0 && selectable.every((id) => selection?.ids.has(id));
  const some = selectable.some((id) => selection?.ids.has(id));
  return (
    <Card className="overflow-hidden">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              {selection && (
                <th className={`${th} w-10`}>
                  <Checkbox
                    aria-label="Select every website on this page"
                    checked={all ? true : some ? 'indeterminate' : false}
                    disabled={selectable.length === 0}
                    onCheckedChange={(on) => selection.toggle(selectable, on === true)}
                  />
                </th>
              )}
              <th className={th}>Site</th>
              <th className={th}>Status</th>
              <th className={th}>Monitor</th>
              <th className={th}>PHP</th>
              <th className={th}>Server</th>
              <th className={th}>Tags</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {sites.map((site) => (
              <SiteRow key={site.id} site={site} selection={selection} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function SiteRow({ site, selection }: { site: Row; selection?: Selection }) {
  const id = site.website_id;
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30">
      {selection && (
        <td className={td}>
          <Checkbox
            aria-label={`Select ${site.url}`}
            checked={id !== null && selection.ids.has(id)}
            disabled={id === null}
            onCheckedChange={(on) => id !== null && selection.toggle([id], on === true)}
          />
        </td>
      )}
      <th scope="row" className={`${td} text-left font-normal`}>
        <div className="flex min-w-48 flex-wrap items-center gap-2">
          <span className="font-medium break-all">{site.url}</span>
          {isStaging(site) && <StagingBadge />}
        </div>
      </th>
      <td className={td}>
        <ProviderStatusBadge status={site.status} />
      </td>
      <td className={td}>
        <SiteMonitorStatus monitor={site.monitor} />
      </td>
      <td className={`${td} whitespace-nowrap`}>{orDash(site.php_version)}</td>
      <td className={`${td} whitespace-nowrap`}>
        {site.server_id === null ? (
          '—'
        ) : (
          <Link href={`/servers/${site.server_id}`} className="text-primary hover:underline">
            {site.server_label || `Server ${site.server_id}`}
          </Link>
        )}
      </td>
      <td className={td}>
        <SiteTags tags={site.tags} />
      </td>
      <td className={td}>
        <div className="flex justify-end gap-2">
          {site.website_id === null ? (
            <Button variant="outline" size="sm" disabled title="No internal website matches this site yet">
              <Eye aria-hidden="true" />
              View Details
            </Button>
          ) : (
            <Button variant="outline" size="sm" asChild>
              <Link href={`/websites/internal/${site.website_id}`} aria-label={`View details of ${site.url}`}>
                <Eye aria-hidden="true" />
                View Details
              </Link>
            </Button>
          )}
          <ExternalLinkButton href={httpsUrl(site.url)} label={`Open ${site.url} in a new tab`} />
        </div>
      </td>
    </tr>
  );
}
