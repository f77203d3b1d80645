import type { ClientReport, ReportSchedule, ReportScheduleRequest } from '@shared/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** A period asked for, or none (the server's default: the previous month in the agency's time zone). */
export type Period = { from: string; to: string } | undefined;

const query = (period: Period) => (period ? `?from=${period.from}&to=${period.to}` : '');

export const reportKeys = {
  report: (clientId: number, period: Period) => ['clients', clientId, 'report', period ?? 'default'] as const,
  schedule: (clientId: number) => ['clients', clientId, 'report-schedule'] as const,
};

/** Where the PDF or CSV of a report downloads from (a plain link: the session cookie goes along). */
export const reportFileUrl = (clientId: number, ext: 'pdf' | 'csv', period: Period) =>
  `/api/clients/${clientId}/report.${ext}${query(period)}`;

export function useClientReport(clientId: number, period: Period) {
  return useQuery({
    queryKey: reportKeys.report(clientId, period),
    queryFn: ({ signal }) =>
      api.get<ClientReport>(`/api/clients/${clientId}/report${query(period)}`, { signal }),
  });
}

export function useReportSchedule(clientId: number) {
  return useQuery({
    queryKey: reportKeys.schedule(clientId),
    queryFn: ({ signal }) => api.get<ReportSchedule>(`/api/clients/${clientId}/report-schedule`, { signal }),
  });
}

export function useSaveReportSchedule(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleRequest) =>
      api.put<ReportSchedule>(`/api/clients/${clientId}/report-schedule`, body),
    onSuccess: (saved) => queryClient.setQueryData(reportKeys.schedule(clientId), saved),
  });
}
