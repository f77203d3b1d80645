import type { WebsiteRow as Row } from '@shared/websites';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { HealthBadge } from '@web/components/health-badge';
import { RiskPill } from '@web/components/severity';
import { SortHeader, type SortState } from '@web/components/sort-header';
import { TABLE_CELL, TABLE_HEAD_CELL, TableCard } from '@web/components/table-card';
import { TagBadges } from '@web/components/tag-badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { orDash } from '@web/lib/format';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { DomainName, healthSourceHref, ServerLink, StagingBadge } from './site-badges';

const th = TABLE_HEAD_CELL;
const td = TABLE_CELL;

export type Selection = { ids: ReadonlySet<number>; toggle: (websiteIds: number[], on: boolean) => void };

/** The columns a person can sort by, and the list's sort field behind each. */
const SORTABLE = [
  ['Site', 'domain'],
  ['Health', 'health'],
  ['Client', 'client'],
  ['WordPress', 'wordpress'],
  ['PHP', 'php'],
  ['Server', 'server'],
] as const;

/** List view: one row per website of the page; View Details opens the website. */
export function WebsitesTable({
  websites,
  selection,
  sorting,
}: {
  websites: readonly Row[];
  selection?: Selection;
  sorting: SortState;
}) {
  const ids = websites.map((w) => w.id);
  const all = ids.length > 0 && ids.every((id) => selection?.ids.has(id));
  const some = ids.some((id) => selection?.ids.has(id));
  return (
    <TableCard
      caption="Websites"
      head={
        <>
          {selection && (
            <th scope="col" className={`${th} w-10`}>
              <Checkbox
                aria-label="Select every website on this page"
                checked={all ? true : some ? 'indeterminate' : false}
                disabled={ids.length === 0}
                onCheckedChange={(on) => selection.toggle(ids, on === true)}
              />
            </th>
          )}
          {SORTABLE.map(([label, field]) => [
            <SortHeader
              key={field}
              label={label}
              field={field}
              sort={sorting.sort}
              onSort={sorting.onSort}
              className={th}
              title={field === 'health' ? 'Sort by health, worst first' : undefined}
            />,
            field === 'health' && (
              <th key="security" scope="col" className={th}>
                Security
              </th>
            ),
          ])}
          <th scope="col" className={th}>
            Tags
          </th>
          <th scope="col" className={`${th} text-right`}>
            Actions
          </th>
        </>
      }
    >
      {websites.map((website) => (
        <WebsiteRow key={website.id} website={website} selection={selection} />
      ))}
    </TableCard>
  );
}

function WebsiteRow({ website: w, selection }: { website: Row; selection?: Selection }) {
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-website-id={w.id}>
      {selection && (
        <td className={td}>
          <Checkbox
            aria-label={`Select ${w.domain}`}
            checked={selection.ids.has(w.id)}
            onCheckedChange={(on) => selection.toggle([w.id], on === true)}
          />
        </td>
      )}
      <th scope="row" className={`${td} text-left font-normal`}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words">
            <DomainName domain={w.domain} />
          </span>
          {w.environment === 'staging' && <StagingBadge />}
        </div>
      </th>
      <td className={td} data-column="health">
        <HealthBadge health={w.health} sourceHref={healthSourceHref(w)} />
      </td>
      <td className={td} data-column="security">
        <RiskPill risk={w.risk} websiteHref={`/websites/internal/${w.id}`} />
      </td>
      <td className={td} data-column="client">
        {w.client ? (
          <Link href={`/clients/${w.client.id}`} className="break-words text-primary hover:underline">
            {w.client.name}
          </Link>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td className={`${td} whitespace-nowrap tabular-nums`} data-column="wordpress">
        {orDash(w.wordpressVersion)}
      </td>
      <td className={`${td} whitespace-nowrap tabular-nums`} data-column="php">
        {orDash(w.phpVersion)}
      </td>
      <td className={`${td} whitespace-nowrap`} data-column="server">
        <ServerLink website={w} />
      </td>
      <td className={td} data-column="tags">
        <TagBadges tags={w.tags} wrap />
      </td>
      <td className={td}>
        <div className="flex justify-end gap-1">
          {/* The words show on wide screens; elsewhere the icon, named for assistive technology. */}
          <Button variant="outline" size="sm" asChild className="max-2xl:size-8 max-2xl:px-0">
            <Link
              href={`/websites/internal/${w.id}`}
              aria-label={`View details of ${w.domain}`}
              title={`View details of ${w.domain}`}
            >
              <Eye aria-hidden="true" />
              <span className="max-2xl:sr-only">View Details</span>
            </Link>
          </Button>
          <ExternalLinkButton href={httpsUrl(w.domain)} label={`Open ${w.domain} in a new tab`} />
        </div>
      </td>
    </tr>
  );
}
