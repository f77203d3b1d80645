import type { WebsiteFinding, WebsiteSecurity } from '@shared/security';
import type { WebsiteDetail } from '@shared/websites';
import { RoleGate } from '@web/components/role-gate';
import { DismissDialog, type DismissTarget } from '@web/components/security/dismiss-dialog';
import { Reopen } from '@web/components/security/finding-sites';
import { FeedAge, RecordLink, SECURITY_ANCHOR, SeverityPill } from '@web/components/severity';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatCount, formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWebsiteSecurity } from '../lib/websites/api';

/**
 * What the website runs that the vulnerability feed says is vulnerable, worst first, each with the
 * release that fixes it and a link to the record. "Not checked" (and why) while the site's plugins or
 * the feed are not known; how old the feed is, with a warning once it is a week old.
 */
export function WebsiteSecurityCard({ website, now = Date.now() }: { website: WebsiteDetail; now?: number }) {
  const security = useWebsiteSecurity(website.id);
  const [dismissing, setDismissing] = useState<DismissTarget | null>(null);
  const data = security.data;
  const open = data?.findings.filter((f) => !f.dismissed).length ?? 0;
  const dismissed = (data?.findings.length ?? 0) - open;
  // wordpress.org's warnings (an insecure release, a closed plugin) count as much as a feed's finding.
  const flagged = data?.core.verdict === 'insecure' || (data?.closed?.length ?? 0) > 0;
  const Icon = !data?.checked ? ShieldQuestion : open > 0 || flagged ? ShieldAlert : ShieldCheck;
  const card = useRef<HTMLDivElement>(null);
  // A risk pill in a list links here: once the findings are in, the card comes into view.
  useEffect(() => {
    if (data && window.location.hash === `#${SECURITY_ANCHOR}`)
      card.current?.scrollIntoView({ block: 'start' });
  }, [data]);
  return (
    <Card ref={card} id={SECURITY_ANCHOR} className="min-w-0 scroll-mt-20" data-testid="website-security">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          Known vulnerabilities
        </CardTitle>
        <CardDescription>
          {security.isPending
            ? 'Matching what it runs against the vulnerability data…'
            : security.isError
              ? `Failed to load: ${errorMessage(security.error, 'try again')}`
              : !data!.checked
                ? `Not checked: ${data!.reason}.`
                : data!.findings.length === 0
                  ? flagged
                    ? 'No vulnerability record matches what it runs, but wordpress.org flags what is listed below.'
                    : 'None known in the plugins, themes and WordPress version it runs.'
                  : `${formatCount(open, 'open finding')} in what it runs${dismissed ? ` (${dismissed} dismissed)` : ''}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {security.isPending && <LoadingState text="Loading..." />}
        {data?.checked && data.findings.length > 0 && (
          <ul className="grid gap-2">
            {data.findings.map((f) => (
              <FindingItem
                key={f.id}
                finding={f}
                websiteId={website.id}
                onDismiss={() =>
                  setDismissing({
                    id: f.id,
                    websiteId: website.id,
                    websiteName: website.name,
                    title: f.title,
                  })
                }
              />
            ))}
          </ul>
        )}
        {data && data.plugins.length + data.themes.length > 0 && <DirectoryFacts security={data} />}
        {data && <FeedAge feed={data.feed} now={now} />}
        <DismissDialog target={dismissing} onClose={() => setDismissing(null)} />
      </CardContent>
    </Card>
  );
}

function FindingItem({
  finding,
  websiteId,
  onDismiss,
}: {
  finding: WebsiteFinding;
  websiteId: number;
  onDismiss: () => void;
}) {
  return (
    <li
      className={cn(
        'grid gap-1 rounded-md border p-3 text-sm',
        finding.dismissal && 'border-dashed opacity-80',
      )}
    >
      <div className="flex items-start gap-2">
        <SeverityPill severity={finding.severity} />
        <RecordLink finding={finding} className="min-w-0" />
      </div>
      <p className="text-muted-foreground">
        {finding.software.name} {finding.installedVersion}
        {finding.patchedVersion ? `: fixed in ${finding.patchedVersion}` : ': no fix published yet'}
        {finding.cvss !== null && ` · CVSS ${finding.cvss.toFixed(1)}`}
        {finding.cve && ` · ${finding.cve}`}
      </p>
      {finding.copyright && <p className="text-[11px] text-muted-foreground">{finding.copyright}</p>}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {finding.dismissal ? (
          <Reopen
            id={finding.id}
            websiteId={websiteId}
            label={`Dismissed by ${finding.dismissal.by ?? 'a former colleague'} until ${formatDate(finding.dismissal.until)}: ${finding.dismissal.reason}`}
          />
        ) : (
          <RoleGate need="admin">
            <Button variant="outline" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </RoleGate>
        )}
      </div>
    </li>
  );
}

const VERDICTS = {
  latest: { label: 'Latest release', tone: 'text-emerald-700 dark:text-emerald-300' },
  outdated: { label: 'Outdated, still receiving security fixes', tone: 'text-amber-700 dark:text-amber-200' },
  insecure: { label: 'Insecure: a later release fixes known flaws', tone: 'text-red-700 dark:text-red-300' },
} as const;

/**
 * What wordpress.org says of what the site runs: its verdict on the WordPress release, the plugins its
 * directory closed, and plugins it does not list whose version has not moved for a long time. Each
 * says "not checked" until wordpress.org was read, never "none".
 */
function DirectoryFacts({ security }: { security: WebsiteSecurity }) {
  const names = new Map(security.plugins.map((p) => [p.slug, p.name]));
  const name = (slug: string) => names.get(slug) ?? slug;
  const { core, closed, stale } = security;
  return (
    <div className="grid gap-2 border-t pt-3 text-sm" data-testid="wporg-facts">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        From wordpress.org
      </h3>
      {core.version && (
        <p>
          WordPress {core.version}:{' '}
          {core.verdict ? (
            <span className={cn('font-medium', VERDICTS[core.verdict].tone)}>
              {VERDICTS[core.verdict].label}
            </span>
          ) : (
            <span className="text-muted-foreground">
              not checked (wordpress.org's release list not read yet)
            </span>
          )}
        </p>
      )}
      {closed === null ? (
        <p className="text-muted-foreground">
          Closed and stale plugins: not checked (wordpress.org's plugin directory not read yet).
        </p>
      ) : (
        <>
          {closed.length === 0 ? (
            <p className="text-muted-foreground">No plugin it runs was closed on wordpress.org.</p>
          ) : (
            <ul className="grid gap-1" aria-label="Closed plugins">
              {closed.map((c) => (
                <li key={c.slug}>
                  <span className="font-medium text-red-700 dark:text-red-300">{name(c.slug)}</span> was
                  closed on wordpress.org{c.closedOn ? ` on ${formatDate(c.closedOn)}` : ''}
                  {c.reason ? `: ${c.reason}` : ''}. It gets no more fixes; replace it.
                </li>
              ))}
            </ul>
          )}
          {stale && stale.length > 0 && (
            <ul className="grid gap-1" aria-label="Stale plugins">
              {stale.map((p) => (
                <li key={p.slug}>
                  <span className="font-medium text-amber-700 dark:text-amber-200">{name(p.slug)}</span>{' '}
                  {p.version} has not changed for {formatCount(p.unchangedDays, 'day')} (not listed on
                  wordpress.org: check its vendor for updates).
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
