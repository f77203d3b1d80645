import { cn } from '@web/lib/utils';
import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

const styles = {
  success:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950/50 dark:text-green-200',
  warning:
    'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950/40 dark:text-yellow-100',
  info: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100',
};
const icons = { success: CircleCheck, warning: TriangleAlert, info: Info };

interface NoticeProps {
  tone: keyof typeof styles;
  children: ReactNode;
  className?: string;
}

/** A coloured box with an icon: green success, yellow warning, blue information. */
export function Notice({ tone, children, className }: NoticeProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'info' ? 'note' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', styles[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
    </div>
  );
}
