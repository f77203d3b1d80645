import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

const Block = ({ className }: { className?: string }) => (
  <div className={cn('animate-pulse rounded-md bg-muted', className)} />
);

/** The dashboard's shape while its figures load. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading dashboard" className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} className="grid gap-3 p-5">
            <Block className="h-4 w-24" />
            <Block className="h-8 w-20" />
            <Block className="h-3 w-32" />
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="grid gap-4 p-6 lg:col-span-2">
          <Block className="h-5 w-36" />
          <div className="grid gap-3 sm:grid-cols-2">
            {[0, 1, 2, 3].map((i) => (
              <Block key={i} className="h-36" />
            ))}
          </div>
        </Card>
        <Card className="grid content-start gap-3 p-6">
          <Block className="h-5 w-32" />
          {[0, 1, 2].map((i) => (
            <Block key={i} className="h-12" />
          ))}
        </Card>
      </div>
      <span className="sr-only">Loading...</span>
    </div>
  );
}
