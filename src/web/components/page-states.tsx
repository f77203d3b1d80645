import { Card, CardContent } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { Inbox, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

interface StateProps {
  title: string;
  description?: ReactNode;
  /** Buttons under the text. */
  action?: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/** A failed load: a warning icon, what failed, why, and what to do about it. */
export function ErrorState({
  title,
  description,
  action,
  icon: Icon = TriangleAlert,
  className,
}: StateProps) {
  return (
    <Card className={className}>
      <CardContent role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <Icon className="size-10 text-destructive-text" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{title}</h2>
        {description && <p className="max-w-md text-sm break-words text-muted-foreground">{description}</p>}
        {action && <div className="mt-1 flex flex-wrap justify-center gap-2">{action}</div>}
      </CardContent>
    </Card>
  );
}

/** Nothing to show: no data at all, or nothing matching the filters. */
export function EmptyState({ title, description, action, icon: Icon = Inbox, className }: StateProps) {
  return (
    <Card className={cn('border-dashed', className)}>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <Icon className="size-10 text-muted-foreground/70" aria-hidden="true" />
        <h2 className="text-lg font-semibold break-words">{title}</h2>
        {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
        {action && <div className="mt-1 flex flex-wrap justify-center gap-2">{action}</div>}
      </CardContent>
    </Card>
  );
}
