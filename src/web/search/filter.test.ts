import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULT_COUNT, filterSearchItems, matchRank, moveHighlight } from './filter';
import { pageEntries } from './page-entries';

describe('filterSearchItems', () => {
  it('shows the first 6 entries for an empty or blank query', () => {
    expect(filterSearchItems(pageEntries, '')).toEqual(pageEntries.slice(0, DEFAULT_RESULT_COUNT));
    expect(filterSearchItems(pageEntries, '   ')).toHaveLength(6);
  });

  it('matches a case-insensitive substring of the title', () => {
    expect(filterSearchItems(pageEntries, 'aNALYt').map((i) => i.title)).toEqual(['Analytics']);
  });

  it('matches the description too', () => {
    expect(filterSearchItems(pageEntries, 'gridpane servers').map((i) => i.link)).toEqual(['/servers']);
  });

  it('orders exact, then prefix, then inner title, then description matches', () => {
    const te = filterSearchItems(pageEntries, 'te').map((i) => i.title);
    expect(te[0]).toBe('Team');
    expect(te[1]).toBe('Websites');
    const titles = filterSearchItems(pageEntries, 'servers').map((i) => i.title);
    expect(titles[0]).toBe('Servers');
    expect(titles.slice(1)).toContain('Dashboard');
  });

  it('returns nothing when nothing matches', () => {
    expect(filterSearchItems(pageEntries, 'zzz-no-such-page')).toEqual([]);
  });

  it('lists only real pages, each of type page', () => {
    expect(pageEntries).toHaveLength(15);
    expect(pageEntries.every((i) => i.type === 'page')).toBe(true);
    expect(new Set(pageEntries.map((i) => i.id)).size).toBe(pageEntries.length);
  });
});

describe('matchRank', () => {
  const item = {
    id: 'x',
    title: 'Style Guide',
    description: 'Colours and type',
    type: 'page' as const,
    link: '/',
  };
  it('ranks by where the needle is found', () => {
    expect(matchRank(item, 'style guide')).toBe(0);
    expect(matchRank(item, 'sty')).toBe(1);
    expect(matchRank(item, 'guide')).toBe(2);
    expect(matchRank(item, 'colours')).toBe(3);
    expect(matchRank(item, 'nothing')).toBeNull();
  });
});

describe('moveHighlight', () => {
  it('wraps around in both directions', () => {
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(1, 1, 3)).toBe(2);
    expect(moveHighlight(0, 1, 0)).toBe(0);
  });
});
