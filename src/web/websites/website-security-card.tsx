import type { WebsiteFinding } from '@shared/security';
import type { WebsiteDetail } from '@shared/websites';
import { RoleGate } from '@web/app/role-gate';
import { FeedAge, RecordLink, SECURITY_ANCHOR, SeverityPill } from '@web/components/severity';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatCount, formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { DismissDialog, type DismissTarget } from '@web/security/dismiss-dialog';
import { Reopen } from '@web/security/finding-sites';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWebsiteSecurity } from './api';

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
  const Icon = !data?.checked ? ShieldQuestion : open > 0 ? ShieldAlert : ShieldCheck;
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
                  ? 'None known in the plugins, themes and WordPress version it runs.'
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
