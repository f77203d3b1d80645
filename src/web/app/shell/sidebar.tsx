import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { cn } from '@web/lib/utils';
import { Link } from 'wouter';
import { BrandMark } from './brand';
import { footerNavItems, navGroups } from './nav-items';
import { useSidebar } from './sidebar-context';
import { SidebarGroup } from './sidebar-nav';

function SidebarBody({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  return (
    <>
      <div
        className={cn(
          'flex h-14 shrink-0 items-center gap-2.5 border-b border-sidebar-border px-3',
          collapsed && 'justify-center px-0',
        )}
      >
        <Link
          href="/"
          onClick={onNavigate}
          aria-label="Agency Hub home"
          className="flex min-w-0 items-center gap-2.5 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark className={collapsed ? 'size-7' : undefined} />
          {!collapsed && (
            <span className="truncate text-base font-semibold tracking-tight text-foreground">
              Agency Hub
            </span>
          )}
        </Link>
      </div>
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col overflow-x-hidden overflow-y-auto">
        {navGroups.map((group) => (
          <SidebarGroup
            key={group.label}
            label={group.label}
            items={group.items}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))}
        <div className="mt-auto border-t border-sidebar-border">
          <SidebarGroup items={footerNavItems} collapsed={collapsed} onNavigate={onNavigate} />
        </div>
      </nav>
    </>
  );
}

/** Desktop: a 16rem column that collapses to a 3rem icon rail. Mobile: an 18rem slide-in sheet. */
export function Sidebar() {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent className="w-[18rem] max-w-[85vw] bg-sidebar p-0">
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Links to every area of Agency Hub</SheetDescription>
          <SidebarBody collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 flex h-svh shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear',
        open ? 'w-64' : 'w-12',
      )}
    >
      <SidebarBody collapsed={!open} />
    </aside>
  );
}
