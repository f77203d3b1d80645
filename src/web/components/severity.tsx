import { riskLabel, type WebsiteRisk } from '@shared/risk';
import { type FeedStatus, SEVERITY_LABELS, type Severity } from '@shared/security';
import { formatAgo, formatCount, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { ExternalLink, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { Link } from 'wouter';

/** Vulnerability data older than this is a warning: it may miss what was published since. */
export const STALE_FEED_MS = 7 * 86_400_000;

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

/** Where a website's security card is on its page: a risk pill links there. */
export const SECURITY_ANCHOR = 'security';

/**
 * A website's security risk in a list: its worst open finding's severity and how many findings are
 * open, "No known vulnerabilities" (calm) when it is checked and has none, "Not checked" (muted, never
 * as safe) with the reason in its title otherwise. Words and an icon, never colour alone; it links to
 * the website's security card (`websiteHref` is the website's page).
 */
export function RiskPill({ risk, websiteHref }: { risk: WebsiteRisk; websiteHref: string }) {
  const label = riskLabel(risk);
  const found = risk.checked && risk.severity !== null && risk.open > 0 ? risk.severity : null;
  const warned = risk.checked && !found && risk.warnings.length > 0;
  const Icon = !risk.checked ? ShieldQuestion : found || warned ? ShieldAlert : ShieldCheck;
  // The list's cell stays narrow: "None known" stands for "No known vulnerabilities" (said in full in
  // the title and the export).
  const text = found
    ? `${label} · ${risk.open} open`
    : warned
      ? `wordpress.org · ${risk.warnings.length}`
      : risk.checked
        ? 'None known'
        : label;
  const warnings = risk.warnings.length > 0 ? ` wordpress.org: ${risk.warnings.join('; ')}.` : '';
  const description = !risk.checked
    ? `Not checked: ${risk.reason ?? 'its plugins or the vulnerability data are not known'}`
    : found
      ? `${formatCount(risk.open, 'open finding')}, the worst ${label.toLowerCase()}: see the website's known vulnerabilities.${warnings}`
      : warned
        ? `No known vulnerability record matches what it runs.${warnings}`
        : "No known vulnerabilities in what the site runs: see the website's security";
  return (
    <Link
      href={`${websiteHref}#${SECURITY_ANCHOR}`}
      title={description}
      aria-label={risk.checked && !warned && !found ? 'No known vulnerabilities' : description}
      data-risk={found ?? (warned ? 'warning' : risk.checked ? 'none' : 'not-checked')}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium hover:underline',
        found
          ? SEVERITY_STYLE[found]
          : warned
            ? 'border-amber-500/40 bg-transparent text-amber-800 dark:text-amber-200'
            : risk.checked
              ? 'border-emerald-500/30 bg-transparent text-emerald-800 dark:text-emerald-300'
              : 'border-dashed border-border bg-transparent text-muted-foreground',
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {text}
    </Link>
  );
}

/**
 * Where the vulnerability data comes from and how old it is: a week old is a warning (newer records
 * may be missing), and a failed last read is said, never hidden behind the last good data.
 */
export function FeedAge({ feed, now = Date.now() }: { feed: FeedStatus; now?: number }) {
  if (!feed.readAt) return null;
  const stale = now - Date.parse(feed.readAt) > STALE_FEED_MS;
  return (
    <p
      className={cn(
        'text-xs',
        stale ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
      )}
      data-testid="feed-age"
    >
      Wordfence Intelligence data from{' '}
      <time dateTime={feed.readAt} title={formatDateTime(feed.readAt)}>
        {formatAgo(feed.readAt, now)}
      </time>
      {stale && ': over a week old, newer vulnerabilities may be missing'}
      {feed.error && ` (the last read failed: ${feed.error})`}.
    </p>
  );
}

/** A finding's title, linking to the feed's record of it (which the feed's terms ask every finding to show). */
export function RecordLink({
  finding,
  className,
}: {
  finding: { reference: string; title: string };
  className?: string;
}) {
  return (
    <a
      href={finding.reference}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('font-medium text-primary-text underline-offset-2 hover:underline', className)}
    >
      {finding.title}
      <ExternalLink className="ml-1 inline size-3" aria-hidden="true" />
      <span className="sr-only"> (opens Wordfence's record in a new tab)</span>
    </a>
  );
}
