import type { Notification } from '@shared/notifications';
import { CountBadge } from '@web/components/count-badge';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useMarkRead, useNotifications } from './api';
import { NotificationList } from './notification-list';

/** The top bar's bell: the real unread count (99+ cap, hidden at 0) and the list in a popover. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unreadCount ?? 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void notifications.refetch();
  };
  const onError = (error: unknown) =>
    toast({
      title: 'Error',
      description: errorMessage(error, 'Could not update notifications'),
      variant: 'destructive',
    });
  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] }, { onError });
    if (item.link) {
      setOpen(false);
      navigate(item.link);
    }
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          <CountBadge count={unread} className="pointer-events-none" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true }, { onError })}
            className="-mr-2"
          >
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        </div>
        {notifications.isError && !notifications.data ? (
          <p role="alert" className="px-4 py-6 text-center text-sm text-destructive-text">
            {errorMessage(notifications.error, 'Could not load notifications')}
          </p>
        ) : (
          <NotificationList items={notifications.data?.data ?? []} onOpen={openItem} />
        )}
      </PopoverContent>
    </Popover>
  );
}
