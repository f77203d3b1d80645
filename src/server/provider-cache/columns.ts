import { normaliseDomain } from '../../shared/domains';
import type { CacheKey } from './service';

/** The typed list columns of a provider record (provider_records.domain … search). */
export type ListColumns = {
  domain: string | null;
  sortKey: string | null;
  status: string | null;
  parentId: string | null;
  search: string | null;
};

const none: ListColumns = { domain: null, sortKey: null, status: null, parentId: null, search: null };

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const lower = (...parts: unknown[]) =>
  parts
    .map(text)
    .filter((p) => p !== '')
    .join(' ')
    .toLowerCase();

/**
 * What each kind of record is listed by: filled when a sync writes it, so that a page of 20,000 sites
 * is a range of an index, never a scan of JSON. Kinds without a list keep them empty.
 */
export function listColumns(key: CacheKey, data: unknown): ListColumns {
  const d = (data ?? {}) as Json;
  const kind = `${key.provider}/${key.kind}`;
  if (kind === 'gridpane/sites') {
    const url = text(d.url);
    return {
      domain: normaliseDomain(url),
      sortKey: url.toLowerCase(),
      status: text(d.status) || null,
      parentId: d.server_id === null || d.server_id === undefined ? null : String(d.server_id),
      search: lower(url),
    };
  }
  if (kind === 'gridpane/servers') {
    return {
      domain: null,
      sortKey: text(d.label).toLowerCase(),
      status: text(d.status) || null,
      parentId: null,
      search: lower(d.label, d.name, d.ip, d.ip_address),
    };
  }
  if (kind === 'betteruptime/monitors') {
    const a = (d.attributes ?? {}) as Json;
    const url = text(a.url);
    const name = text(a.pronounceable_name) || url;
    return {
      domain: normaliseDomain(url),
      sortKey: name.toLowerCase(),
      status: text(a.status) || null,
      parentId: null,
      search: lower(name, url),
    };
  }
  return none;
}
