import type { WebsiteView } from '@shared/websites';
import { Badge } from '@web/components/ui/badge';
import { Fragment } from 'react';
import { Link } from 'wouter';

export function StagingBadge() {
  return (
    <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-300">
      staging
    </Badge>
  );
}

/** Where a website's health comes from, as a link when it is our check. */
export function healthSourceHref(website: Pick<WebsiteView, 'health' | 'check'>): string | undefined {
  return website.health.source === 'check' && website.check
    ? `/uptime/checks/${website.check.id}`
    : undefined;
}

/** The website's server by its label, linking to the server's page; a dash when it has none. */
export function ServerLink({ website: w }: { website: Pick<WebsiteView, 'serverId' | 'serverLabel'> }) {
  if (w.serverId === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Link href={`/servers/${w.serverId}`} className="text-primary hover:underline">
      {w.serverLabel || `Server ${w.serverId}`}
    </Link>
  );
}

/**
 * A domain that may wrap before its dots ("staging.maplewave" / ".com") and never inside a label, so a
 * narrow column keeps every part readable. The text itself is the domain, unchanged.
 */
export function DomainName({ domain }: { domain: string }) {
  let at = 0;
  return domain.split('.').map((label, i) => {
    const key = at;
    at += label.length + 1;
    return (
      <Fragment key={key}>
        {i > 0 && (
          <>
            <wbr />.
          </>
        )}
        {label}
      </Fragment>
    );
  });
}
