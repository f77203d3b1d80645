import { Button } from '@web/components/ui/button';
import { FileBarChart } from 'lucide-react';
import { Link } from 'wouter';

/** Where a client's report lives (the client page links here too). */
export const clientReportPath = (clientId: number) => `/clients/${clientId}/report`;

/** "Report" as a small outline button linking to the client's report page. */
export function ClientReportLink({ clientId, name }: { clientId: number; name: string }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <Link href={clientReportPath(clientId)} aria-label={`Report for ${name}`}>
        <FileBarChart aria-hidden="true" />
        Report
      </Link>
    </Button>
  );
}
