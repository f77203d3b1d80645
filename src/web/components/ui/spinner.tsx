import { cn } from '@web/lib/utils';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** A centred spinner with a text, for whole pages or panels that are loading. */
export function LoadingState({ text = 'Loading...', className }: { text?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Spinner className="size-6 text-primary" />
      <span className="text-sm font-medium">{text}</span>
    </div>
  );
}
