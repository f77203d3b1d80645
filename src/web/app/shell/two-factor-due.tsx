import { TWO_FACTOR_REQUIRED } from '@shared/auth';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../lib/use-auth';

/**
 * Above every page while the agency's two-factor rule waits on the signed-in person: during the grace
 * week, by when to turn it on; after it, that nothing but their account opens until they do.
 */
export function TwoFactorDueNotice() {
  const { user } = useAuth();
  const due = user?.twoFactorDue;
  if (!due) return null;
  const overdue = new Date(due).getTime() <= Date.now();
  return (
    <div
      role={overdue ? 'alert' : 'status'}
      className={cn(
        'mb-6 flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm',
        overdue
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100'
          : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
      )}
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-[12rem] flex-1">
        {overdue
          ? TWO_FACTOR_REQUIRED
          : `Your agency requires two-factor sign-in for your role. Turn it on by ${formatDate(due)}.`}
      </p>
      <Button asChild size="sm" variant={overdue ? 'default' : 'outline'}>
        <Link href="/settings#two-factor">Set up two-factor sign-in</Link>
      </Button>
    </div>
  );
}
