import type { SearchItem } from '../lib/search/types';

/** The app's own pages. Server-side results (clients, websites, servers …) are added by a later issue. */
export const pageEntries: SearchItem[] = [
  {
    id: 'page:dashboard',
    title: 'Dashboard',
    description: 'Overview of your websites and servers',
    link: '/',
  },
  { id: 'page:clients', title: 'Clients', description: 'Manage your agency clients', link: '/clients' },
  { id: 'page:tasks', title: 'Tasks', description: 'Plan and track work for your clients', link: '/tasks' },
  {
    id: 'page:websites',
    title: 'Websites',
    description: 'Sites from your hosting platform',
    link: '/websites',
  },
  {
    id: 'page:fleet',
    title: 'Fleet',
    description: 'WordPress and PHP versions, and what nobody watches',
    link: '/fleet',
  },
  { id: 'page:servers', title: 'Servers', description: 'Manage your GridPane servers', link: '/servers' },
  { id: 'page:uptime', title: 'Uptime', description: 'Uptime monitors and response times', link: '/uptime' },
  {
    id: 'page:analytics',
    title: 'Analytics',
    description: 'Traffic and performance analytics',
    link: '/analytics',
  },
  {
    id: 'page:integrations',
    title: 'Integrations',
    description: 'Connect GridPane, Better Uptime and HD Snapshot',
    link: '/integrations',
  },
  { id: 'page:dns', title: 'DNS Management', description: 'Domains and DNS records', link: '/dns' },
  {
    id: 'page:backups',
    title: 'Backups',
    description: 'When each website was last backed up, and where',
    link: '/backups',
  },
  { id: 'page:security', title: 'Security', description: 'Security settings and scans', link: '/security' },
  { id: 'page:team', title: 'Team', description: 'Users who can sign in to Agency Hub', link: '/team' },
  {
    id: 'page:style-guide',
    title: 'Style Guide',
    description: 'Colours, typography and components',
    link: '/style-guide',
  },
  {
    id: 'page:settings',
    title: 'Settings',
    description: 'Profile, password, sessions, agency, API tokens',
    link: '/settings',
  },
].map((entry) => ({ ...entry, type: 'page' as const }));
