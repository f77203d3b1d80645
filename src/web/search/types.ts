/** A result of the global search (spec §3 "Search item"). */
export type SearchItemType = 'website' | 'server' | 'page' | 'action';

export interface SearchItem {
  id: string;
  title: string;
  description: string;
  type: SearchItemType;
  link: string;
}

/** Spec §2: website blue, server green, page purple, action orange. */
export const searchTypeStyles: Record<SearchItemType, string> = {
  website: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
  server: 'bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300',
  page: 'bg-purple-100 text-purple-700 dark:bg-purple-500/15 dark:text-purple-300',
  action: 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300',
};
