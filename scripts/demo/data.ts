/**
 * The demo agency's own records (clients, tags, tasks, colleagues). Seeded through the API of a running
 * Agency Hub by `npm run demo`; the product itself ships none of this.
 */
export const demoTags = [
  { name: 'Retainer', color: '#22c55e' },
  { name: 'VIP', color: '#eab308' },
  { name: 'WooCommerce', color: '#8b5cf6' },
  { name: 'Maintenance plan', color: '#3b82f6' },
  { name: 'New build', color: '#ec4899' },
  { name: 'Overdue invoice', color: '#ef4444' },
];

type DemoClient = {
  name: string;
  jobTitle: string;
  company: string;
  status: 'active' | 'inactive' | 'archived';
  tags: string[];
  notes?: string;
};

const people: [string, string, string][] = [
  ['Maya Thompson', 'Practice Manager', 'Brightsmile Dental'],
  ['Daniel Okafor', 'Founder', 'Oak & Iron Furniture'],
  ['Sofia Marquez', 'Marketing Director', 'Harbor Yoga Studio'],
  ['Liam Chen', 'Owner', 'Summit Roofing Co.'],
  ['Priya Natarajan', 'Operations Lead', 'Greenleaf Landscaping'],
  ['Jonas Weber', 'CEO', 'Northwind Logistics'],
  ['Emma Rossi', 'Head of Sales', 'Bella Cucina'],
  ['Noah Williams', 'Director', 'Pinecrest Veterinary'],
  ['Ava Johansson', 'Brand Manager', 'Nordic Knitwear'],
  ['Ethan Brooks', 'Partner', 'Brooks & Hale Law'],
  ['Chloe Dubois', 'Owner', 'Petit Four Bakery'],
  ['Lucas Fernandes', 'General Manager', 'Coastal Surf School'],
  ['Grace Kim', 'E-commerce Manager', 'Lumen Candles'],
  ['Oliver Bennett', 'Managing Director', 'Bennett Property Group'],
  ['Isabella Novak', 'Clinic Director', 'Evergreen Physio'],
  ['Mason Clarke', 'Owner', 'Clarke Auto Repair'],
  ['Zoe Martin', 'Communications Lead', 'Riverbend Charity Trust'],
  ['Henry Adeyemi', 'Founder', 'Adeyemi Coffee Roasters'],
  ['Mila Petrova', 'Studio Manager', 'Atelier Petrova'],
  ['James O’Connor', 'Head Brewer', 'Copperkettle Brewing'],
  ['Harper Lewis', 'Owner', 'Lewis Floral Design'],
  ['Benjamin Ito', 'CTO', 'Kaizen Fitness'],
  ['Amelia Wright', 'Principal', 'Westbrook Montessori'],
  ['Samuel Haddad', 'Owner', 'Cedar Grill'],
  ['Ella Fischer', 'Marketing Manager', 'Alpine Ski Rentals'],
];

const tagSets = [
  ['Retainer', 'Maintenance plan'],
  ['VIP', 'Retainer'],
  ['WooCommerce'],
  ['Maintenance plan'],
  ['New build'],
  ['Retainer', 'WooCommerce'],
  [],
  ['Overdue invoice'],
];

export const demoClients: DemoClient[] = people.map(([name, jobTitle, company], i) => ({
  name,
  jobTitle,
  company,
  status: i % 11 === 7 ? 'inactive' : i % 13 === 12 ? 'archived' : 'active',
  tags: tagSets[i % tagSets.length]!,
  ...(i % 4 === 0 ? { notes: 'Monthly report goes out on the first Monday. Prefers email over calls.' } : {}),
}));

export const demoColleagues = [
  { username: 'sam', email: 'sam@demo-agency.test', password: 'demo-colleague', role: 'staff' as const },
  { username: 'rita', email: 'rita@demo-agency.test', password: 'demo-colleague', role: 'viewer' as const },
];

export const demoTasks: {
  title: string;
  description: string;
  status: 'todo' | 'in-progress' | 'review' | 'completed';
  priority: 'low' | 'medium' | 'high' | 'urgent';
  project: string;
  dueInDays: number;
  estimatedHours: number;
  timeSpentHours: number;
  tags: string[];
}[] = [
  {
    title: 'Update plugins on WooCommerce sites',
    description: 'Test checkout after each update.',
    status: 'todo',
    priority: 'high',
    project: 'Maintenance',
    dueInDays: 2,
    estimatedHours: 3,
    timeSpentHours: 0,
    tags: ['maintenance', 'woocommerce'],
  },
  {
    title: 'Fix slow homepage',
    description: 'LCP above 4 s on mobile; optimise hero image and fonts.',
    status: 'in-progress',
    priority: 'urgent',
    project: 'Performance',
    dueInDays: 0,
    estimatedHours: 5,
    timeSpentHours: 2,
    tags: ['performance'],
  },
  {
    title: 'Migrate to PHP 8.2',
    description: 'Staging first, then production during the weekend window.',
    status: 'review',
    priority: 'medium',
    project: 'Platform',
    dueInDays: 5,
    estimatedHours: 4,
    timeSpentHours: 3.5,
    tags: ['php', 'staging'],
  },
  {
    title: 'Monthly uptime report',
    description: 'Send the October report to every retainer client.',
    status: 'completed',
    priority: 'medium',
    project: 'Reporting',
    dueInDays: -3,
    estimatedHours: 2,
    timeSpentHours: 2,
    tags: ['reporting'],
  },
  {
    title: 'New booking form',
    description: 'Replace the contact form with a booking flow.',
    status: 'todo',
    priority: 'medium',
    project: 'Website refresh',
    dueInDays: 9,
    estimatedHours: 8,
    timeSpentHours: 0,
    tags: ['forms', 'design', 'ux'],
  },
  {
    title: 'Renew SSL on staging',
    description: 'Certificate failed to issue; check DNS.',
    status: 'in-progress',
    priority: 'high',
    project: 'Platform',
    dueInDays: -1,
    estimatedHours: 1,
    timeSpentHours: 0.5,
    tags: ['ssl'],
  },
  {
    title: 'Accessibility audit',
    description: 'WCAG 2.2 AA pass on the main templates.',
    status: 'todo',
    priority: 'low',
    project: 'Quality',
    dueInDays: 14,
    estimatedHours: 6,
    timeSpentHours: 0,
    tags: ['a11y'],
  },
  {
    title: 'Set up uptime monitors for new sites',
    description: 'Two sites launched last week have no monitor yet.',
    status: 'todo',
    priority: 'high',
    project: 'Monitoring',
    dueInDays: 1,
    estimatedHours: 1,
    timeSpentHours: 0,
    tags: ['monitoring'],
  },
  {
    title: 'Quote for the shop redesign',
    description: 'Estimate design + build; include WooCommerce upgrades.',
    status: 'review',
    priority: 'medium',
    project: 'Sales',
    dueInDays: 3,
    estimatedHours: 2,
    timeSpentHours: 1.5,
    tags: ['sales'],
  },
  {
    title: 'Clean up old staging copies',
    description: 'Remove staging sites older than 90 days.',
    status: 'completed',
    priority: 'low',
    project: 'Maintenance',
    dueInDays: -6,
    estimatedHours: 1,
    timeSpentHours: 1,
    tags: ['maintenance'],
  },
  {
    title: 'Investigate 502 errors',
    description: 'Nginx logs show upstream timeouts at night.',
    status: 'in-progress',
    priority: 'urgent',
    project: 'Support',
    dueInDays: 0,
    estimatedHours: 3,
    timeSpentHours: 1,
    tags: ['incident', 'nginx'],
  },
  {
    title: 'Onboard new client',
    description: 'Kick-off call, access to hosting, add monitors.',
    status: 'todo',
    priority: 'medium',
    project: 'Onboarding',
    dueInDays: 6,
    estimatedHours: 2,
    timeSpentHours: 0,
    tags: ['onboarding'],
  },
];
