import { type ClientReport, dayIn, securityCoverage } from '@shared/reports';
import { formatCalendarDay, formatDateTime } from '@shared/time';
import { usePageTitle } from '@web/app/page-title';
import { BackLink } from '@web/components/back-link';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage, isApiError } from '@web/lib/api';
import { FileDown, FileQuestion, FileSpreadsheet, Printer } from 'lucide-react';
import { useLocation, useParams, useSearch } from 'wouter';
import { type Period, reportFileUrl, useClientReport } from './api';
import { PeriodForm } from './period-form';
import { ScheduleCard } from './schedule-card';
import { SummaryTable } from './summary-table';
import { WebsiteSection } from './website-section';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A client's report over a period (the previous month unless ?from=&to= say otherwise), printable: a
 * document for the client, titled with its company, the agency's name and logo at the top.
 */
export function ReportPage() {
  const idText = useParams<{ id: string }>().id ?? '';
  const clientId = /^\d+$/.test(idText) ? Number(idText) : 0;
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period: Period = DAY.test(from) && DAY.test(to) ? { from, to } : undefined;
  const report = useClientReport(clientId, period);
  const data = report.data;
  usePageTitle(data ? `Report: ${data.title}` : 'Client report', 'Uptime, incidents and work done, measured');
  // The quick periods end today as the agency counts days (the browser's zone until the report says).
  const today = dayIn(data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
  // Back to where the person came from, else to the client's own page (never the Clients list).
  const back = (
    <BackLink href={`/clients/${clientId}`}>{`Back to ${data?.client.name ?? 'the client'}`}</BackLink>
  );

  const badPeriod = isApiError(report.error) && report.error.status === 400 ? report.error : undefined;
  const shown = data ? { from: data.from, to: data.to } : (period ?? { from: '', to: '' });
  const apply = (p: { from: string; to: string }) =>
    navigate(`/clients/${clientId}/report?from=${p.from}&to=${p.to}`);

  if (!clientId || (isApiError(report.error) && report.error.status === 404)) {
    return (
      <div className="mx-auto grid max-w-5xl gap-6">
        <BackLink href="/clients">Back to Clients</BackLink>
        <EmptyState icon={FileQuestion} title="Client not found" />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6" data-report-page="">
      <div className="print:hidden">{back}</div>
      <Card className="grid gap-4 p-5 print:hidden">
        <PeriodForm
          from={shown.from}
          to={shown.to}
          today={today}
          errors={badPeriod?.fieldErrors}
          onApply={apply}
        />
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button asChild className="col-span-2 sm:col-span-1">
            <a href={reportFileUrl(clientId, 'pdf', data ? shown : period)} download>
              <FileDown aria-hidden="true" />
              Download PDF
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={reportFileUrl(clientId, 'csv', data ? shown : period)} download>
              <FileSpreadsheet aria-hidden="true" />
              Download CSV
            </a>
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </div>
      </Card>
      {report.isPending ? (
        <LoadingState text="Loading report..." className="min-h-[30vh]" />
      ) : badPeriod ? null : report.isError ? (
        <ErrorState
          title="Unable to load the report"
          description={errorMessage(report.error, 'Please try again.')}
        />
      ) : (
        <ReportBody report={report.data} />
      )}
      {data && <ScheduleCard clientId={clientId} clientName={data.client.name} />}
    </div>
  );
}

function ReportBody({ report }: { report: ClientReport }) {
  return (
    <article className="grid gap-6" aria-labelledby="report-title">
      <header className="grid gap-5">
        {(report.agency.name || report.agency.logoUrl) && (
          <div className="flex items-center gap-3 border-b pb-4" data-report-agency="">
            {report.agency.logoUrl && (
              <img src={report.agency.logoUrl} alt="" className="h-10 w-auto max-w-40 object-contain" />
            )}
            {report.agency.name && <span className="text-lg font-semibold">{report.agency.name}</span>}
          </div>
        )}
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">Website report</p>
          <h2 id="report-title" className="text-3xl font-semibold tracking-tight break-words">
            {report.title}
          </h2>
          {report.contact && <p className="mt-1 break-words">Contact: {report.contact}</p>}
          <p className="mt-2 text-sm text-muted-foreground">
            {formatCalendarDay(report.from)} to {formatCalendarDay(report.to)} · whole days in{' '}
            {report.timeZone.replaceAll('_', ' ')}
          </p>
        </div>
      </header>
      {report.websites.length === 0 ? (
        <EmptyState
          title="No websites yet"
          description="Websites assigned to this client appear in its report."
        />
      ) : (
        <>
          <SummaryTable report={report} />
          {report.websites.map((site) => (
            <WebsiteSection key={site.websiteId} site={site} timeZone={report.timeZone} />
          ))}
        </>
      )}
      <Card
        className="grid gap-3 p-5 break-inside-avoid print:shadow-none"
        role="region"
        aria-labelledby="report-tasks"
      >
        <h3 id="report-tasks" className="text-lg font-semibold">
          Tasks completed ({report.tasksCompleted.length})
        </h3>
        {report.tasksCompleted.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tasks completed in the period.</p>
        ) : (
          <ul className="grid gap-1.5 text-sm">
            {report.tasksCompleted.map((task) => (
              <li key={task.id} className="break-words">
                <span className="font-medium tabular-nums">
                  {formatDateTime(task.completedAt, { timeZone: report.timeZone })}
                </span>{' '}
                · {task.title}
                {task.domain && <span className="text-muted-foreground"> ({task.domain})</span>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <p className="text-xs text-muted-foreground">
        Every figure is measured, never inferred: uptime and response times come from the stored results of
        Agency Hub's own checks, or from Better Uptime's SLA for the period, as labelled. "no data" means
        nothing measured the site in the period. {securityCoverage(report)}
      </p>
    </article>
  );
}
