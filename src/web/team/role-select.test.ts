import { describe, expect, it } from 'vitest';
import { grantableRoles, mayChangeRole } from './role-select';

const person = (id: number, role: 'viewer' | 'staff' | 'admin' | 'owner') => ({
  id,
  username: `u${id}`,
  email: `u${id}@example.com`,
  role,
});

describe('who may give which role', () => {
  it('offers up to the giver’s own role, and Owner only to an Owner', () => {
    expect(grantableRoles('owner')).toEqual(['viewer', 'staff', 'admin', 'owner']);
    expect(grantableRoles('admin')).toEqual(['viewer', 'staff', 'admin']);
    expect(grantableRoles('staff')).toEqual(['viewer', 'staff']);
  });

  it('lets an Admin change others but not an Owner nor themselves; an Owner may change anyone', () => {
    const admin = person(1, 'admin');
    const owner = person(2, 'owner');
    expect(mayChangeRole(admin, person(3, 'staff'))).toBe(true);
    expect(mayChangeRole(admin, owner)).toBe(false);
    expect(mayChangeRole(admin, admin)).toBe(false);
    expect(mayChangeRole(owner, owner)).toBe(true); // stepping down, once someone else owns the agency
    expect(mayChangeRole(person(4, 'staff'), person(3, 'viewer'))).toBe(false);
  });
});
