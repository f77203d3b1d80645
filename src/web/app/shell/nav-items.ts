import { type Role, roleAtLeast } from '@shared/auth';
import {
  Activity,
  ChartColumn,
  DatabaseBackup,
  Globe,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Network,
  PackageCheck,
  Palette,
  Plug,
  ScrollText,
  Server,
  Settings,
  Shield,
  Siren,
  SquareCheckBig,
  Users,
  UsersRound,
} from 'lucide-react';

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
  /** The least role that sees the entry (everyone signed in when absent). */
  need?: Role;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const navGroups: NavGroup[] = [
  {
    label: 'Overview',
    items: [
      { title: 'Dashboard', href: '/', icon: LayoutDashboard },
      { title: 'Clients', href: '/clients', icon: Users },
      { title: 'Tasks', href: '/tasks', icon: SquareCheckBig },
      { title: 'Websites', href: '/websites', icon: Globe },
      { title: 'Fleet', href: '/fleet', icon: Layers },
      { title: 'Servers', href: '/servers', icon: Server },
      { title: 'Uptime', href: '/uptime', icon: Activity },
      { title: 'Incidents', href: '/incidents', icon: Siren },
      { title: 'Analytics', href: '/analytics', icon: ChartColumn },
    ],
  },
  {
    label: 'Tools',
    items: [
      { title: 'Integrations', href: '/integrations', icon: Plug },
      { title: 'DNS Management', href: '/dns', icon: Network },
      { title: 'Backups', href: '/backups', icon: DatabaseBackup },
      { title: 'Updates', href: '/updates', icon: PackageCheck },
      { title: 'Security', href: '/security', icon: Shield },
      { title: 'Team', href: '/team', icon: UsersRound },
      { title: 'Audit log', href: '/audit', icon: ScrollText, need: 'admin' },
    ],
  },
];

export const footerNavItems: NavItem[] = [
  { title: 'Style Guide', href: '/style-guide', icon: Palette },
  { title: 'Settings', href: '/settings', icon: Settings },
];

/** The entries a person sees: those for their role or a lower one (nobody signed in sees the open ones). */
export const visibleItems = (items: NavItem[], role: Role | undefined) =>
  items.filter((item) => !item.need || (role !== undefined && roleAtLeast(role, item.need)));
