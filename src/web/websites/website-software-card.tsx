import type { InstalledSoftware, WebsiteDetail } from '@shared/websites';
import { VERSION_SOURCE_LABELS } from '@shared/websites';
import { RoleGate } from '@web/components/role-gate';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { UpdateDialog } from '@web/components/updates/update-dialog';
import { formatAgo, formatCount, formatDateTime } from '@web/lib/format';
import { ArrowUpCircle, Puzzle } from 'lucide-react';
import { useState } from 'react';

/**
 * The plugins and themes a website runs, as its HD Snapshot plugin last listed them: version, whether
 * active, and the update WordPress offers. While no source lists them the card says why, never "none".
 */
export function WebsiteSoftwareCard({ website, now = Date.now() }: { website: WebsiteDetail; now?: number }) {
  const { software } = website;
  const pending = [
    ...software.plugins.map((p) => ({ ...p, type: 'plugin' as const })),
    ...software.themes.map((t) => ({ ...t, type: 'theme' as const })),
  ].filter((p) => p.updateVersion !== null);
  const updates = software.plugins.filter((p) => p.updateVersion !== null).length;
  const [updating, setUpdating] = useState(false);
  const source =
    software.source && software.source in VERSION_SOURCE_LABELS
      ? VERSION_SOURCE_LABELS[software.source as keyof typeof VERSION_SOURCE_LABELS]
      : software.source;
  return (
    <Card className="min-w-0" data-testid="website-software">
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Puzzle className="size-4 text-muted-foreground" aria-hidden="true" />
            Plugins &amp; themes
          </CardTitle>
          {software.checked && pending.length > 0 && !website.removed && (
            <RoleGate need="staff">
              <Button variant="outline" size="sm" onClick={() => setUpdating(true)}>
                Update {pending.length === 1 ? '1 item' : `${pending.length} items`}
              </Button>
            </RoleGate>
          )}
        </div>
        <CardDescription>
          {!software.checked ? (
            <>Not checked: {software.reason}.</>
          ) : (
            <>
              {formatCount(software.plugins.length, 'plugin')}
              {updates > 0 ? `, ${formatCount(updates, 'update')} waiting` : ', all up to date'}. Listed by{' '}
              {source}
              {software.readAt && (
                <>
                  ,{' '}
                  <time dateTime={software.readAt} title={formatDateTime(software.readAt)}>
                    {formatAgo(software.readAt, now)}
                  </time>
                </>
              )}
              .
            </>
          )}
        </CardDescription>
      </CardHeader>
      {software.checked && (
        <CardContent className="grid gap-4">
          <SoftwareList title="Plugins" items={software.plugins} empty="No plugins installed." />
          <SoftwareList title="Themes" items={software.themes} empty="No themes listed." />
        </CardContent>
      )}
      <UpdateDialog
        open={updating}
        onOpenChange={setUpdating}
        title={`Update ${website.domain}`}
        description="A maintenance window keeps alerts quiet; the site is backed up, updated, checked, and rolled back if it breaks."
        websiteIds={[website.id]}
        choices={pending.map((p) => ({
          type: p.type,
          slug: p.slug,
          name: p.name,
          from: p.version,
          to: p.updateVersion,
        }))}
      />
    </Card>
  );
}

/** How many entries a list shows before "Show all". */
const FIRST = 12;

function SoftwareList({ title, items, empty }: { title: string; items: InstalledSoftware[]; empty: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST);
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {shown.map((item) => (
            <li
              key={item.slug}
              className="flex items-start justify-between gap-3 border-b py-1.5 last:border-b-0"
            >
              <span className="min-w-0">
                <span className={item.active ? 'font-medium' : 'text-muted-foreground'}>{item.name}</span>
                {!item.active && (
                  <Badge variant="outline" className="ml-2 align-middle text-[10px]">
                    Inactive
                  </Badge>
                )}
              </span>
              <span className="grid shrink-0 justify-items-end tabular-nums">
                <span>{item.version ?? 'version not known'}</span>
                {item.updateVersion && (
                  <span className="flex items-center gap-1 text-xs text-amber-700 dark:text-amber-300">
                    <ArrowUpCircle className="size-3" aria-hidden="true" />
                    {item.updateVersion} available
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {items.length > FIRST && (
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${items.length} ${title.toLowerCase()}`}
        </Button>
      )}
    </section>
  );
}
