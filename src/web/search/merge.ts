import type { SearchItem } from '../lib/search/types';
import { filterSearchItems, matchRank } from './filter';

/** A page this good (exact title or title prefix) goes before the server's records. */
const STRONG_PAGE_MATCH = 1;

/**
 * The dialog's list: the app's pages (matched locally) merged with the server's ranked records. The
 * server's order is kept; strong page matches ("serv" → Servers) lead, weaker ones follow the records.
 * An empty query shows the first 6 pages. Duplicates (same id) appear once.
 */
export function mergeSearchResults(
  pages: readonly SearchItem[],
  server: readonly SearchItem[],
  query: string,
): SearchItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return filterSearchItems(pages, '');
  const matched = filterSearchItems(pages, needle);
  const strong = matched.filter((item) => (matchRank(item, needle) ?? 99) <= STRONG_PAGE_MATCH);
  const weak = matched.filter((item) => (matchRank(item, needle) ?? 99) > STRONG_PAGE_MATCH);
  const seen = new Set<string>();
  const merged: SearchItem[] = [];
  for (const item of [...strong, ...server, ...weak]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}

/** The index of the item with this id, or 0 (the first) when it is no longer listed. */
export function indexOfId(items: readonly SearchItem[], id: string | null): number {
  if (id === null) return 0;
  const index = items.findIndex((item) => item.id === id);
  return index < 0 ? 0 : index;
}
