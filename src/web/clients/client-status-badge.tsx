import type { ClientStatus } from '@shared/clients';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { STATUS_LABELS } from './filter';

const tones: Record<ClientStatus, string> = {
  active:
    'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950/60 dark:text-green-300',
  inactive: 'border-border bg-muted text-muted-foreground',
  archived:
    'border-amber-200 bg-amber-100 text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-300',
};

export function ClientStatusBadge({ status, className }: { status: ClientStatus; className?: string }) {
  return <Badge className={cn(tones[status], className)}>{STATUS_LABELS[status]}</Badge>;
}
