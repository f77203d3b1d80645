import type { SecurityFinding, SecuritySummary } from '@shared/security';
import { ListPager } from '@web/components/list-pager';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { RecordLink, SeverityPill } from '@web/components/severity';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { ChevronRight, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import type { DismissTarget } from '../components/security/dismiss-dialog';
import { FindingSites } from '../components/security/finding-sites';
import { SECURITY_PAGE_SIZE, type SecurityFilter, useSecurityFindings } from '../lib/security/api';

const TYPE_LABEL = { plugin: 'Plugin', theme: 'Theme', core: 'WordPress core' } as const;

/** One row per vulnerability of one piece of software, most urgent first; a row opens its sites. */
export function FindingsTable({
  filter,
  page,
  onPage,
  onDismiss,
  summary,
}: {
  filter: SecurityFilter;
  page: number;
  onPage: (page: number) => void;
  onDismiss: (target: DismissTarget) => void;
  summary: SecuritySummary | undefined;
}) {
  const findings = useSecurityFindings({ ...filter, page });
  const [open, setOpen] = useState<string | null>(null);
  if (findings.isPending) return <LoadingState text="Loading findings..." />;
  if (findings.isError)
    return (
      <ErrorState
        title="Unable to load the findings"
        description={errorMessage(findings.error, 'Please try again.')}
      />
    );
  const { data, total, feed } = findings.data;
  if (!feed.readAt)
    return (
      <EmptyState
        icon={ShieldQuestion}
        title="No vulnerability data yet"
        description={
          feed.error
            ? `Wordfence Intelligence's vulnerability feed could not be read: ${feed.error}`
            : 'Save a Wordfence Intelligence API key on the Integrations page: its free feed lists the known vulnerabilities of WordPress plugins, themes and core.'
        }
        action={
          <Link
            href="/integrations"
            className="text-sm font-medium text-primary-text underline-offset-2 hover:underline"
          >
            Open Integrations
          </Link>
        }
      />
    );
  if (data.length === 0) {
    const filtered = Boolean(filter.q || filter.severity || (filter.status && filter.status !== 'open'));
    return (
      <EmptyState
        icon={ShieldCheck}
        title={filtered ? 'No findings match' : 'No known vulnerabilities'}
        description={
          filtered
            ? 'Try another search, severity or status.'
            : `None of the ${formatCount(summary?.sites.checked ?? 0, 'checked site')} runs a version with a known vulnerability.${
                summary?.sites.notChecked
                  ? ` ${formatCount(summary.sites.notChecked, 'site')} could not be checked (see above).`
                  : ''
              }`
        }
      />
    );
  }
  return (
    <Card className="grid min-w-0 gap-3 p-0">
      <div className="overflow-x-auto">
        <table className="w-full text-sm sm:min-w-[44rem]">
          <caption className="sr-only">Findings, most urgent first</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="w-8 py-2 pl-3" aria-label="Sites" />
              <th scope="col" className="py-2 pr-3 font-medium">
                Severity
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Vulnerability
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Software
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Fixed in
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Sites
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((f) => (
              <Fragment key={f.id}>
                <FindingRow
                  finding={f}
                  open={open === f.id}
                  onToggle={() => setOpen(open === f.id ? null : f.id)}
                />
                {open === f.id && (
                  <tr className="border-b bg-muted/40">
                    <td />
                    <td colSpan={5} className="py-3 pr-4">
                      <FindingSites finding={f} filter={filter} onDismiss={onDismiss} />
                      {f.copyright && <p className="pt-2 text-[11px] text-muted-foreground">{f.copyright}</p>}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <div className="px-4 pb-3">
        <ListPager page={page} total={total} pageSize={SECURITY_PAGE_SIZE} onPage={onPage} />
        <p className="pt-2 text-[11px] text-muted-foreground">
          Vulnerability data: Wordfence Intelligence; each record's notices are shown with its sites.
        </p>
      </div>
    </Card>
  );
}

function FindingRow({
  finding: f,
  open,
  onToggle,
}: {
  finding: SecurityFinding;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <tr className="border-b align-top last:border-0">
      <td className="py-2 pl-3">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          className="rounded p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ChevronRight
            className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`}
            aria-hidden="true"
          />
          <span className="sr-only">
            {open ? 'Hide' : 'Show'} the {formatCount(f.siteCount, 'site')} affected by {f.title}
          </span>
        </button>
      </td>
      <td className="py-2 pr-3">
        <SeverityPill severity={f.severity} />
        {f.cvss !== null && (
          <div className="pt-1 text-xs text-muted-foreground tabular-nums">CVSS {f.cvss.toFixed(1)}</div>
        )}
      </td>
      <td className="max-w-md py-2 pr-3">
        <RecordLink finding={f} />
        {f.cve && <div className="text-xs text-muted-foreground">{f.cve}</div>}
        <div className="text-xs text-muted-foreground sm:hidden">
          {f.software.name} · {f.patchedVersion ? `fixed in ${f.patchedVersion}` : 'no fix yet'}
        </div>
      </td>
      <td className="hidden py-2 pr-3 sm:table-cell">
        <div>{f.software.name}</div>
        <div className="text-xs text-muted-foreground">{TYPE_LABEL[f.software.type]}</div>
      </td>
      <td className="hidden py-2 pr-3 tabular-nums sm:table-cell">
        {f.patchedVersion ?? <span className="text-muted-foreground">No fix yet</span>}
      </td>
      <td className="py-2 pr-4 text-right">
        <button
          type="button"
          onClick={onToggle}
          className="font-semibold tabular-nums underline-offset-2 hover:underline"
          aria-hidden="true"
          tabIndex={-1}
        >
          {f.siteCount.toLocaleString('en-US')}
        </button>
      </td>
    </tr>
  );
}
