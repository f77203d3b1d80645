import type { IntegrationProvider } from '@shared/integrations';
import {
  Activity,
  BarChart3,
  Camera,
  Cloud,
  HardDrive,
  type LucideIcon,
  Server,
  Shield,
  ShieldAlert,
  Users,
} from 'lucide-react';

export type IntegrationCategory = 'hosting' | 'monitoring' | 'analytics' | 'security' | 'backup';

export const CATEGORY_FILTERS: { value: IntegrationCategory | 'all'; label: string }[] = [
  { value: 'all', label: 'All Integrations' },
  { value: 'hosting', label: 'Hosting' },
  { value: 'monitoring', label: 'Monitoring' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'security', label: 'Security' },
  { value: 'backup', label: 'Backup' },
];

export interface CatalogueEntry {
  id: string;
  name: string;
  category: IntegrationCategory;
  description: string;
  features: string[];
  icon: LucideIcon;
  docsUrl?: string;
  /** Set for the integrations the server speaks to; the others read "Not connected", with no figures. */
  provider?: IntegrationProvider;
}

/** The nine integrations of the catalogue. Descriptions only: no figures. */
export const CATALOGUE: CatalogueEntry[] = [
  {
    id: 'gridpane',
    name: 'GridPane',
    category: 'hosting',
    description: 'WordPress hosting control panel: servers, sites and their settings.',
    features: [
      'Server list and details',
      'Site list with PHP and SSL',
      'Backups, schedules and retention',
      'Internal website records',
      'Cached syncs',
    ],
    icon: Server,
    docsUrl: 'https://gridpane.com/kb/gridpane-api-introduction-and-postman-documentation/',
    provider: 'gridpane',
  },
  {
    id: 'kinsta',
    name: 'Kinsta',
    category: 'hosting',
    description: 'Managed WordPress hosting on Google Cloud: sites and their live and staging environments.',
    features: [
      'Sites and their environments',
      'PHP, plugins and themes with their updates',
      'Daily, manual and downloadable backups',
      'Internal website records',
    ],
    icon: Cloud,
    docsUrl: 'https://kinsta.com/docs/kinsta-api/',
    provider: 'kinsta',
  },
  {
    id: 'betteruptime',
    name: 'Better Uptime',
    category: 'monitoring',
    description: 'Uptime monitoring with status checks from several regions.',
    features: ['Monitor status', 'Uptime percentages', 'Response times', 'Incident history'],
    icon: Activity,
    docsUrl: 'https://betterstack.com/docs/uptime/api/getting-started-with-uptime-api/',
    provider: 'betteruptime',
  },
  {
    id: 'hdsnapshot',
    name: 'HD Snapshot',
    category: 'monitoring',
    description: 'Reads a snapshot of each WordPress site through the HD Snapshot plugin.',
    features: ['WordPress and PHP versions', 'Active theme', 'Plugin count', 'One token for all sites'],
    icon: Camera,
    provider: 'hdsnapshot',
  },
  {
    id: 'google-analytics',
    name: 'Google Analytics',
    category: 'analytics',
    description: 'Traffic and audience reports for client websites.',
    features: ['Visitors and sessions', 'Traffic sources', 'Conversions'],
    icon: BarChart3,
    docsUrl: 'https://developers.google.com/analytics',
  },
  {
    id: 'cloudflare',
    name: 'Cloudflare',
    category: 'security',
    description: 'DNS, CDN and firewall in front of client websites.',
    features: ['DNS records', 'Cache purge', 'Firewall events', 'SSL settings'],
    icon: Shield,
    docsUrl: 'https://developers.cloudflare.com/api/',
  },
  {
    id: 'wordfence',
    name: 'Wordfence Intelligence',
    category: 'security',
    description: 'Known security holes in WordPress, its plugins and its themes, from the Wordfence feed.',
    features: [
      'Known vulnerabilities of plugins, themes and WordPress',
      'CVSS severity and patched versions',
      'Daily feed, read at most once a day',
    ],
    icon: ShieldAlert,
    docsUrl:
      'https://www.wordfence.com/help/wordfence-intelligence/v3-accessing-and-consuming-the-vulnerability-data-feed/',
    provider: 'wordfence',
  },
  {
    id: 'wp-remote',
    name: 'WP Remote',
    category: 'backup',
    description: 'Backups and updates for many WordPress sites from one place.',
    features: ['Scheduled backups', 'One-click restore', 'Plugin and core updates'],
    icon: HardDrive,
    docsUrl: 'https://wpremote.com/',
  },
  {
    id: 'highlevel',
    name: 'HighLevel CRM',
    category: 'analytics',
    description: 'CRM and marketing automation for agency clients.',
    features: ['Contacts', 'Pipelines', 'Campaign reports'],
    icon: Users,
    docsUrl: 'https://highlevel.stoplight.io/',
  },
];
