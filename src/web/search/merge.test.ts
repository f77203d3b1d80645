import { describe, expect, it } from 'vitest';
import type { SearchItem } from '../lib/search/types';
import { indexOfId, mergeSearchResults } from './merge';
import { pageEntries } from './page-entries';

const record = (id: string, title: string, type: SearchItem['type'] = 'client'): SearchItem => ({
  id,
  title,
  description: `${type} record`,
  type,
  link: `/${type}s/${id}`,
});

describe('mergeSearchResults', () => {
  it('shows the first 6 pages for an empty query, ignoring server records', () => {
    const merged = mergeSearchResults(pageEntries, [record('c1', 'Acme')], '  ');
    expect(merged).toEqual(pageEntries.slice(0, 6));
  });

  it('puts exact and prefix page matches first, then server records in their order', () => {
    const server = [record('w1', 'servers.example.com', 'website'), record('s1', 'web-1', 'server')];
    const merged = mergeSearchResults(pageEntries, server, 'serv');
    expect(merged.slice(0, 3).map((i) => i.id)).toEqual(['page:servers', 'w1', 's1']);
    // The dashboard only mentions servers in its description: after the records.
    expect(merged.slice(3).map((i) => i.id)).toContain('page:dashboard');
  });

  it('puts weaker page matches (inside the title or in the description) after the records', () => {
    const server = [record('t1', 'Fix uptime alerts', 'task')];
    const merged = mergeSearchResults(pageEntries, server, 'uptime');
    expect(merged[0]?.id).toBe('page:uptime');
    expect(merged[1]?.id).toBe('t1');
    // "Integrations" mentions Better Uptime only in its description.
    expect(merged.at(-1)?.id).toBe('page:integrations');
    const weak = mergeSearchResults(pageEntries, server, 'monitors');
    expect(weak.map((i) => i.id)).toEqual(['t1', 'page:uptime']);
  });

  it('keeps the server order and lists each id once', () => {
    const server = [record('b', 'Beta'), record('a', 'Alpha'), record('b', 'Beta again')];
    expect(mergeSearchResults([], server, 'a').map((i) => i.title)).toEqual(['Beta', 'Alpha']);
  });

  it('is empty when neither pages nor records match', () => {
    expect(mergeSearchResults(pageEntries, [], 'zzz-nothing')).toEqual([]);
  });
});

describe('indexOfId', () => {
  const items = [record('a', 'A'), record('b', 'B')];
  it('finds the entry, or falls back to the first', () => {
    expect(indexOfId(items, 'b')).toBe(1);
    expect(indexOfId(items, 'gone')).toBe(0);
    expect(indexOfId(items, null)).toBe(0);
  });
});
