import type { SearchItem, SearchItemType } from '@shared/search';

/** A result of the global search: real records from the server plus the app's pages. */
export type { SearchItem, SearchItemType };

/** Website blue, server green, page purple, action orange, client teal, monitor rose, task amber. */
export const searchTypeStyles: Record<SearchItemType, string> = {
  website: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
  server: 'bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300',
  page: 'bg-purple-100 text-purple-700 dark:bg-purple-500/15 dark:text-purple-300',
  action: 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300',
  client: 'bg-teal-100 text-teal-700 dark:bg-teal-500/15 dark:text-teal-300',
  monitor: 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300',
  task: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
};

/** Each type is also named in text, so colour is never the only cue. */
export const searchTypeLabels: Record<SearchItemType, string> = {
  website: 'Website',
  server: 'Server',
  page: 'Page',
  action: 'Action',
  client: 'Client',
  monitor: 'Monitor',
  task: 'Task',
};
