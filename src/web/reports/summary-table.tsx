import { type ClientReport, summaryResponse, summaryUptime } from '@shared/reports';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

const th = 'h-10 px-3 align-middle font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2.5 align-top';
/** A figure stands out; "No data" reads quieter. */
const uptimeClass = (uptime: number | null) =>
  cn('font-semibold', uptime === null && 'font-normal text-muted-foreground');

/**
 * The report's first table: one row a website with its uptime over the measured time ("since …" when
 * that began inside the period, "No data" when nothing measured it), its incidents and mean response.
 */
export function SummaryTable({ report }: { report: Pick<ClientReport, 'websites' | 'timeZone'> }) {
  return (
    <Card
      className="overflow-hidden p-0 break-inside-avoid print:shadow-none"
      role="region"
      aria-labelledby="report-summary"
    >
      <h3 id="report-summary" className="px-5 pt-4 pb-2 text-lg font-semibold">
        Summary
      </h3>
      <SummaryList report={report} />
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm">
          <thead className="border-y bg-muted/40">
            <tr>
              <th scope="col" className={cn(th, 'pl-5 text-left')}>
                Website
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Uptime
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Incidents
              </th>
              <th scope="col" className={cn(th, 'pr-5 text-right')}>
                Avg response
              </th>
            </tr>
          </thead>
          <tbody>
            {report.websites.map((w) => {
              const uptime = summaryUptime(w, report.timeZone);
              return (
                <tr key={w.websiteId} className="border-b last:border-0">
                  <th scope="row" className={cn(td, 'pl-5 text-left font-medium break-all')}>
                    {w.domain}
                  </th>
                  <td className={cn(td, 'text-right tabular-nums')}>
                    <span className={uptimeClass(w.uptime)}>{uptime.value}</span>
                    {uptime.since && (
                      <span className="block text-xs whitespace-nowrap text-muted-foreground">
                        {uptime.since}
                      </span>
                    )}
                  </td>
                  <td className={cn(td, 'text-right tabular-nums')}>{w.incidents.length}</td>
                  <td
                    className={cn(
                      td,
                      'pr-5 text-right whitespace-nowrap tabular-nums',
                      w.avgResponseMs === null && 'text-muted-foreground',
                    )}
                  >
                    {summaryResponse(w.avgResponseMs)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** The same rows on a phone: each site with its three figures below its name, nothing to scroll sideways. */
function SummaryList({ report }: { report: Pick<ClientReport, 'websites' | 'timeZone'> }) {
  return (
    <ul className="grid border-t sm:hidden">
      {report.websites.map((w) => {
        const uptime = summaryUptime(w, report.timeZone);
        return (
          <li key={w.websiteId} className="grid gap-2 border-b px-5 py-3 last:border-0">
            <p className="font-medium break-all">{w.domain}</p>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div className="grid content-start gap-0.5">
                <dt className="text-xs text-muted-foreground">Uptime</dt>
                <dd className={cn('tabular-nums', uptimeClass(w.uptime))}>{uptime.value}</dd>
                {uptime.since && <dd className="text-xs text-muted-foreground">{uptime.since}</dd>}
              </div>
              <div className="grid content-start gap-0.5">
                <dt className="text-xs text-muted-foreground">Incidents</dt>
                <dd className="tabular-nums">{w.incidents.length}</dd>
              </div>
              <div className="grid content-start gap-0.5">
                <dt className="text-xs text-muted-foreground">Avg response</dt>
                <dd className={cn('tabular-nums', w.avgResponseMs === null && 'text-muted-foreground')}>
                  {summaryResponse(w.avgResponseMs)}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
