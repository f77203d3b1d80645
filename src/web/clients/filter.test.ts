import { describe, expect, it } from 'vitest';
import { clientCount, filterClients, initials, roleLine } from './filter';

const clients = [
  { name: 'Ada Lovelace', email: 'ada@engine.io', company: 'Analytical Ltd', status: 'active' as const },
  { name: 'Grace Hopper', email: null, company: 'Navy', status: 'inactive' as const },
  { name: 'Linus', email: 'linus@kernel.org', company: null, status: 'archived' as const },
];

describe('filterClients', () => {
  it('returns everything for a blank search and "all"', () => {
    expect(filterClients(clients, '  ', 'all')).toEqual(clients);
  });

  it('matches name, email and company, ignoring case', () => {
    expect(filterClients(clients, 'LOVE', 'all').map((c) => c.name)).toEqual(['Ada Lovelace']);
    expect(filterClients(clients, 'kernel.ORG', 'all').map((c) => c.name)).toEqual(['Linus']);
    expect(filterClients(clients, 'navy', 'all').map((c) => c.name)).toEqual(['Grace Hopper']);
  });

  it('filters by status, combined with the search', () => {
    expect(filterClients(clients, '', 'inactive').map((c) => c.name)).toEqual(['Grace Hopper']);
    expect(filterClients(clients, 'ada', 'archived')).toEqual([]);
  });

  it('does not match other fields', () => {
    expect(filterClients(clients, 'active', 'all')).toEqual([]);
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  mary ann  evans ')).toBe('ME');
    expect(initials('cher')).toBe('C');
  });

  it('copes with empty names and non-Latin letters', () => {
    expect(initials('   ')).toBe('?');
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('😀 Smile')).toBe('😀S');
  });
});

describe('roleLine and clientCount', () => {
  it('joins job title and company', () => {
    expect(roleLine('CTO', 'Acme')).toBe('CTO at Acme');
    expect(roleLine(null, 'Acme')).toBe('Acme');
    expect(roleLine('CTO', null)).toBe('CTO');
    expect(roleLine(null, null)).toBeUndefined();
  });

  it('counts in the singular and plural', () => {
    expect(clientCount(1)).toBe('1 client');
    expect(clientCount(12)).toBe('12 clients');
  });
});
