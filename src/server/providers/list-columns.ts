/** The typed list columns of a provider record (provider_records.domain … search), filled at write time. */
export type ListColumns = {
  domain: string | null;
  sortKey: string | null;
  status: string | null;
  parentId: string | null;
  search: string | null;
};

export const text = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/** Lower-cased words for a list's search. */
export const lowerJoin = (...parts: unknown[]) =>
  parts
    .map(text)
    .filter((p) => p !== '')
    .join(' ')
    .toLowerCase();
