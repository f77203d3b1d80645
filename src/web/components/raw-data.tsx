import { cn } from '@web/lib/utils';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';

/**
 * The provider record as JSON, folded away by default; scrolls inside a short panel. The JSON is only
 * rendered once opened: a grid of servers should not build every server's dump.
 */
export function RawData({
  data,
  label = 'Raw data',
  className,
}: {
  data: unknown;
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className={cn('group rounded-md border text-sm', className)}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 font-medium text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {label}
      </summary>
      {open && (
        <pre className="max-h-48 overflow-auto border-t bg-muted/50 p-3 font-mono text-xs leading-relaxed">
          {JSON.stringify(data, null, 2)}
        </pre>
      )}
    </details>
  );
}
