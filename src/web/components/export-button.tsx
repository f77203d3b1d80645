import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { FileSpreadsheet } from 'lucide-react';

/** "Export CSV": a download link (the session cookie goes along), the server names the file. */
export function ExportButton({
  href,
  label = 'Export CSV',
  description,
  className,
}: {
  href: string;
  label?: string;
  /** What is exported, for screen readers ("Export CSV of the clients"). */
  description?: string;
  className?: string;
}) {
  return (
    <Button variant="outline" asChild className={cn(className)}>
      <a href={href} download aria-label={description}>
        <FileSpreadsheet aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
