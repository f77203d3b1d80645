import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/utils';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../lib/use-auth';
import { type NavItem, visibleItems } from './nav-items';

interface SidebarLinkProps {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: () => void;
}

/** One navigation entry; collapsed to an icon with a tooltip in the icon rail. */
export function SidebarLink({ item, collapsed, onNavigate }: SidebarLinkProps) {
  const [location] = useLocation();
  const active = location === item.href;
  const Icon = item.icon;
  const link = (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? item.title : undefined}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground outline-none transition-colors',
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        active &&
          'bg-primary/10 text-primary-text hover:bg-primary/15 hover:text-primary-text dark:bg-primary/15',
        collapsed && 'justify-center px-0',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {!collapsed && <span className="truncate">{item.title}</span>}
    </Link>
  );
  if (!collapsed) return <li>{link}</li>;
  return (
    <li>
      <Tooltip delayDuration={0}>
        <TooltipTrigger asChild>{link}</TooltipTrigger>
        <TooltipContent side="right">{item.title}</TooltipContent>
      </Tooltip>
    </li>
  );
}

interface SidebarGroupProps {
  label?: string;
  items: NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}

export function SidebarGroup({ label, items, collapsed, onNavigate }: SidebarGroupProps) {
  const { user } = useAuth();
  // An entry for a higher role than the person's is left out (the Audit log: Admins and Owners).
  const shown = visibleItems(items, user?.role);
  return (
    <div className="group/navgroup px-2 py-2">
      {label &&
        (collapsed ? (
          <div className="mx-2 mb-2 h-px bg-sidebar-border group-first/navgroup:hidden" aria-hidden="true" />
        ) : (
          <h2 className="mb-1 px-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {label}
          </h2>
        ))}
      <ul className="grid gap-0.5">
        {shown.map((item) => (
          <SidebarLink key={item.href} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </ul>
    </div>
  );
}
