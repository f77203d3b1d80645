import type { Notification } from '@shared/notifications';
import { Moment } from '@web/components/moment';
import { formatFlapping } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { BellOff, CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';

const typeIcons: Record<Notification['type'], [LucideIcon, string]> = {
  info: [Info, 'text-blue-600 dark:text-blue-400'],
  success: [CircleCheck, 'text-green-600 dark:text-green-400'],
  warning: [TriangleAlert, 'text-amber-600 dark:text-amber-400'],
};

interface NotificationListProps {
  items: readonly Notification[];
  onOpen: (item: Notification) => void;
}

/** The bell's list: newest first, unread ones with a dot; an item marks itself read when opened. */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <BellOff className="size-8 text-muted-foreground/60" aria-hidden="true" />
        <p className="text-sm font-medium">No new notifications</p>
        <p className="text-sm text-muted-foreground">You're all caught up.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Notifications" className="max-h-96 divide-y overflow-y-auto">
      {items.map((item) => {
        const [Icon, tone] = typeIcons[item.type];
        const flapping = formatFlapping(item);
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onOpen(item)}
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left outline-none hover:bg-accent focus-visible:bg-accent',
                !item.read && 'bg-primary/5',
              )}
            >
              <Icon className={cn('mt-0.5 size-4 shrink-0', tone)} aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span
                  className={cn('block text-sm break-words', item.read ? 'font-medium' : 'font-semibold')}
                >
                  {item.title}
                </span>
                <span className="block text-xs break-words text-muted-foreground">{item.message}</span>
                {flapping && (
                  <span className="mt-1 block text-xs font-medium text-amber-700 dark:text-amber-300">
                    {flapping}
                  </span>
                )}
                <Moment at={item.createdAt} className="mt-1 block text-xs text-muted-foreground" />
              </span>
              {!item.read && (
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                  <span className="sr-only">Unread</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
