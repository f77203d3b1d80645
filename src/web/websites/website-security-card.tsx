import { SEVERITY_LABELS, type Severity, type WebsiteFinding } from '@shared/security';
import type { WebsiteDetail } from '@shared/websites';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatAgo, formatCount, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { ExternalLink, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useWebsiteSecurity } from './api';

/** Vulnerability data older than this is a warning: it may miss what was published since. */
const STALE_MS = 7 * 86_400_000;

const SEVERITY_STYLE: Record<Severity, string> = {
  critical: 'border-red-600/40 bg-red-600/10 text-red-800 dark:text-red-300',
  high: 'border-orange-500/40 bg-orange-500/10 text-orange-800 dark:text-orange-300',
  medium: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200',
  unknown: 'border-violet-500/40 bg-violet-500/10 text-violet-800 dark:text-violet-300',
  low: 'border-sky-500/40 bg-sky-500/10 text-sky-800 dark:text-sky-300',
};

export function SeverityPill({ severity }: { severity: Severity }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        SEVERITY_STYLE[severity],
      )}
    >
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

/**
 * What the website runs that the vulnerability feed says is vulnerable, worst first, each with the
 * release that fixes it and a link to the record. "Not checked" (and why) while the site's plugins or
 * the feed are not known; how old the feed is, with a warning once it is a week old.
 */
export function WebsiteSecurityCard({ website, now = Date.now() }: { website: WebsiteDetail; now?: number }) {
  const security = useWebsiteSecurity(website.id);
  const data = security.data;
  const stale = data?.feed.readAt ? now - Date.parse(data.feed.readAt) > STALE_MS : false;
  const Icon = !data?.checked ? ShieldQuestion : data.findings.length > 0 ? ShieldAlert : ShieldCheck;
  return (
    <Card className="min-w-0" data-testid="website-security">
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
                  : `${formatCount(data!.findings.length, 'finding')} in what it runs.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {security.isPending && <LoadingState text="Loading..." />}
        {data?.checked && data.findings.length > 0 && (
          <ul className="grid gap-2">
            {data.findings.map((f) => (
              <FindingItem key={f.id} finding={f} />
            ))}
          </ul>
        )}
        {data?.feed.readAt && (
          <p
            className={cn(
              'text-xs',
              stale ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
            )}
          >
            Wordfence Intelligence data from{' '}
            <time dateTime={data.feed.readAt} title={formatDateTime(data.feed.readAt)}>
              {formatAgo(data.feed.readAt, now)}
            </time>
            {stale && ': over a week old, newer vulnerabilities may be missing'}
            {data.feed.error && ` (the last read failed: ${data.feed.error})`}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function FindingItem({ finding }: { finding: WebsiteFinding }) {
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm">
      <div className="flex items-start gap-2">
        <SeverityPill severity={finding.severity} />
        <a
          href={finding.reference}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 font-medium text-primary-text underline-offset-2 hover:underline"
        >
          {finding.title}
          <ExternalLink className="ml-1 inline size-3" aria-hidden="true" />
          <span className="sr-only"> (opens Wordfence's record in a new tab)</span>
        </a>
      </div>
      <p className="text-muted-foreground">
        {finding.software.name} {finding.installedVersion}
        {finding.patchedVersion ? `: fixed in ${finding.patchedVersion}` : ': no fix published yet'}
        {finding.cvss !== null && ` · CVSS ${finding.cvss.toFixed(1)}`}
        {finding.cve && ` · ${finding.cve}`}
      </p>
      {finding.copyright && <p className="text-[11px] text-muted-foreground">{finding.copyright}</p>}
    </li>
  );
}
