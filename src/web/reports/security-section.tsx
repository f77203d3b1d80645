import {
  countBySeverity,
  findingVersions,
  fixedHow,
  REPORT_NOT_CHECKED,
  type ReportSecurity,
} from '@shared/reports';
import { formatDate } from '@shared/time';
import { RecordLink, SeverityPill } from '@web/components/severity';

/**
 * One website's security over the period: the findings open at its end (counted by severity, each
 * with its software and the version that fixes it) and those fixed during it. A site whose software is
 * not known reads "Not checked", a period nobody recorded reads "No data", never zero findings.
 */
export function SecuritySection({ security, timeZone }: { security: ReportSecurity; timeZone: string }) {
  const day = (iso: string) => formatDate(iso, { timeZone });
  return (
    <section className="grid gap-3" aria-label="Security" data-report-security={security.status}>
      <h4 className="text-sm font-medium">Security</h4>
      {security.status === 'not-measured' ? (
        <p className="text-sm text-muted-foreground">
          No data: security findings were not yet recorded in this period.
        </p>
      ) : security.status === 'not-checked' ? (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{REPORT_NOT_CHECKED}</span>
          {security.reason ? `: ${security.reason}.` : '.'}
        </p>
      ) : (
        <>
          {security.measuredPartly && security.measuredFrom && (
            <p className="text-xs text-muted-foreground">Recorded since {day(security.measuredFrom)}.</p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <h5 className="text-sm">
                Open at the period's end ({security.open.length})
                {security.open.length > 0 && (
                  <span className="ml-2 inline-flex flex-wrap gap-1 align-middle">
                    {countBySeverity(security.open).map((c) => (
                      <span key={c.severity} className="inline-flex items-center gap-1 text-xs">
                        {c.count} <SeverityPill severity={c.severity} />
                      </span>
                    ))}
                  </span>
                )}
              </h5>
              {security.open.length === 0 ? (
                <p className="text-sm text-muted-foreground">No open vulnerabilities at the period's end.</p>
              ) : (
                <ul className="grid gap-2 text-sm">
                  {security.open.map((f) => (
                    <li
                      key={`${f.vulnerabilityId}:${f.software.type}:${f.software.slug}`}
                      className="grid gap-0.5"
                    >
                      <span className="flex flex-wrap items-start gap-2">
                        <SeverityPill severity={f.severity} />
                        <RecordLink finding={f} className="min-w-0 break-words" />
                      </span>
                      <span className="text-xs text-muted-foreground tabular-nums">{findingVersions(f)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="grid content-start gap-2">
              <h5 className="text-sm">Fixed during the period ({security.fixed.length})</h5>
              {security.fixed.length === 0 ? (
                <p className="text-sm text-muted-foreground">No vulnerabilities fixed in the period.</p>
              ) : (
                <ul className="grid gap-2 text-sm">
                  {security.fixed.map((f) => (
                    <li
                      key={`${f.vulnerabilityId}:${f.software.type}:${f.software.slug}:${f.fixedAt}`}
                      className="grid gap-0.5"
                    >
                      <span className="flex flex-wrap items-start gap-2">
                        <SeverityPill severity={f.severity} />
                        <RecordLink finding={f} className="min-w-0 break-words" />
                      </span>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        Fixed {day(f.fixedAt)} · {fixedHow(f)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
