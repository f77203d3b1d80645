import { Button } from '@web/components/ui/button';
import { Separator } from '@web/components/ui/separator';
import { NotificationsButton } from '@web/notifications/notifications-button';
import { PanelLeft } from 'lucide-react';
import { usePageTitleValue } from '../page-title';
import { SearchButton } from './search-button';
import { useSidebar } from './sidebar-context';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

export function TopBar() {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  const { title, subtitle } = usePageTitleValue();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-3 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Toggle sidebar"
        aria-expanded={isMobile ? openMobile : open}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={toggleSidebar}
        className="-ml-1"
      >
        <PanelLeft aria-hidden="true" />
      </Button>
      <Separator orientation="vertical" className="h-5" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base leading-tight font-semibold sm:text-lg">{title}</h1>
        {subtitle && <p className="hidden truncate text-xs text-muted-foreground md:block">{subtitle}</p>}
      </div>
      <div className="flex items-center gap-1 sm:gap-1.5">
        <SearchButton />
        <NotificationsButton />
        <ThemeMenu />
        <UserMenu />
      </div>
    </header>
  );
}
