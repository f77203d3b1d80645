import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { Bell, BellOff } from 'lucide-react';
import { CountBadge } from './count-badge';

/**
 * The top bar's bell. Real notifications arrive with a later issue (decisions.md §1); until then the
 * unread count is 0 and the list is empty.
 */
export function NotificationsButton() {
  const unread = 0;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          <CountBadge count={unread} />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0">
        <div className="border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
        </div>
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <BellOff className="size-8 text-muted-foreground/60" aria-hidden="true" />
          <p className="text-sm font-medium">No notifications</p>
          <p className="text-sm text-muted-foreground">You're all caught up.</p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
