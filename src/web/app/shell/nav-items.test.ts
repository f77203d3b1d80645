import { describe, expect, it } from 'vitest';
import { navGroups, visibleItems } from './nav-items';

const tools = navGroups.find((g) => g.label === 'Tools')!.items;
const titles = (role: Parameters<typeof visibleItems>[1]) => visibleItems(tools, role).map((i) => i.title);

describe('visibleItems', () => {
  it('shows the Audit log to Admins and Owners only', () => {
    expect(titles('owner')).toContain('Audit log');
    expect(titles('admin')).toContain('Audit log');
    expect(titles('staff')).not.toContain('Audit log');
    expect(titles('viewer')).not.toContain('Audit log');
    expect(titles(undefined)).not.toContain('Audit log');
    expect(titles('viewer')).toContain('Team');
  });
});

describe('navGroups', () => {
  it('lists Updates right after Backups, for everyone signed in', () => {
    const all = titles('viewer');
    expect(all.indexOf('Updates')).toBe(all.indexOf('Backups') + 1);
    expect(tools.find((i) => i.title === 'Updates')?.href).toBe('/updates');
  });
});
