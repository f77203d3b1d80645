import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULT_COUNT, filterSearchItems, moveHighlight } from './filter';
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

  it('returns nothing when nothing matches', () => {
    expect(filterSearchItems(pageEntries, 'zzz-no-such-page')).toEqual([]);
  });

  it('lists only real pages, each of type page', () => {
    expect(pageEntries).toHaveLength(14);
    expect(pageEntries.every((i) => i.type === 'page')).toBe(true);
    expect(new Set(pageEntries.map((i) => i.id)).size).toBe(pageEntries.length);
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
