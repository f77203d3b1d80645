import type { SearchItem } from './types';

/** Spec §9: an empty query shows this many entries. */
export const DEFAULT_RESULT_COUNT = 6;

/** Case-insensitive substring match over title and description; an empty query gives the first 6. */
export function filterSearchItems(items: readonly SearchItem[], query: string): SearchItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items.slice(0, DEFAULT_RESULT_COUNT);
  return items.filter(
    (item) => item.title.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle),
  );
}

/** The next highlighted index for Arrow Up/Down, wrapping around the list. */
export function moveHighlight(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return (current + delta + count) % count;
}
