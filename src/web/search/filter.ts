import type { SearchItem } from '../lib/search/types';

/** An empty query shows this many entries. */
export const DEFAULT_RESULT_COUNT = 6;

/** Case-insensitive substring match over title and description; an empty query gives the first 6. */
export function filterSearchItems(items: readonly SearchItem[], query: string): SearchItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items.slice(0, DEFAULT_RESULT_COUNT);
  return items
    .map((item, index) => ({ item, index, rank: matchRank(item, needle) }))
    .filter((entry) => entry.rank !== null)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.index - b.index)
    .map((entry) => entry.item);
}

/**
 * How well an item matches a lower-case needle: 0 exact title, 1 title prefix, 2 elsewhere in the title,
 * 3 in the description; null when it does not match at all.
 */
export function matchRank(item: SearchItem, needle: string): number | null {
  const title = item.title.toLowerCase();
  if (title === needle) return 0;
  if (title.startsWith(needle)) return 1;
  if (title.includes(needle)) return 2;
  if (item.description.toLowerCase().includes(needle)) return 3;
  return null;
}

/** The next highlighted index for Arrow Up/Down, wrapping around the list. */
export function moveHighlight(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return (current + delta + count) % count;
}
