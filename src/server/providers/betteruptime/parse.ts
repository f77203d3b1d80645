import { z } from 'zod';
import type { Monitor, MonitorResponseTimes, MonitorSla, MonitorStatus } from './types';
import { monitorStatuses } from './types';

/**
 * Better Uptime JSON:API → our types. Nothing here throws: a bad list item is skipped and counted, a bad
 * single object gives null, and the client turns "nothing usable" into ProviderError('bad_response').
 */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// Every field falls back instead of failing: one odd attribute must not hide a whole monitor, and
// malformed provider JSON never costs the rest of the list.
const text = z.string().catch('');
const nullableText = z.string().nullable().catch(null);
const rawMonitor = z.object({
  // IDs are strings at Better Uptime; a number would be a quirk we absorb rather than a reason to drop.
  id: z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]),
  attributes: z.object({
    url: text,
    pronounceable_name: text,
    monitor_type: z.string().catch('status'),
    status: z.string().catch('unknown'),
    check_frequency: z.number().positive().finite().nullable().catch(null),
    last_checked_at: nullableText,
    paused_at: nullableText,
    created_at: nullableText.optional().transform((v) => v ?? null),
    regions: z.array(z.unknown()).catch([]),
  }),
});

const knownStatuses = new Set<string>(monitorStatuses);
export const toStatus = (value: string): MonitorStatus =>
  knownStatuses.has(value) ? (value as MonitorStatus) : 'unknown';

export function parseMonitor(value: unknown): Monitor | null {
  const parsed = rawMonitor.safeParse(value);
  if (!parsed.success) return null;
  const { id, attributes: a } = parsed.data;
  // Explicit field list: anything else Better Uptime adds (request_headers may hold credentials) stays out.
  return {
    id,
    attributes: {
      url: a.url,
      pronounceable_name: a.pronounceable_name || a.url || `Monitor ${id}`,
      monitor_type: a.monitor_type,
      status: toStatus(a.status),
      check_frequency: a.check_frequency,
      last_checked_at: a.last_checked_at,
      paused_at: a.paused_at,
      created_at: a.created_at,
      regions: a.regions.filter((r): r is string => typeof r === 'string'),
    },
  };
}

export type MonitorPage = { items: Monitor[]; skipped: number; next: string | null };

/** `{data:[…], pagination:{next}}`; null when there is no item array at all. */
export function parseMonitorPage(body: unknown): MonitorPage | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  const items = body.data.map(parseMonitor).filter((m): m is Monitor => m !== null);
  const next = isRecord(body.pagination) ? body.pagination.next : null;
  return {
    items,
    skipped: body.data.length - items.length,
    next: typeof next === 'string' && next !== '' ? next : null,
  };
}

const dataAttributes = (body: unknown): Record<string, unknown> | null =>
  isRecord(body) && isRecord(body.data) && isRecord(body.data.attributes) ? body.data.attributes : null;

export const parseSingleMonitor = (body: unknown): Monitor | null =>
  isRecord(body) ? parseMonitor(body.data) : null;

// Incident figures may plausibly be null for a monitor without incidents; availability may not.
const seconds = z
  .number()
  .finite()
  .nonnegative()
  .nullable()
  .transform((v) => v ?? 0);
const rawSla = z.object({
  availability: z.number().finite().min(0).max(100),
  total_downtime: seconds,
  number_of_incidents: seconds,
  longest_incident: seconds,
  average_incident: seconds,
});

export function parseSla(body: unknown): MonitorSla | null {
  const parsed = rawSla.safeParse(dataAttributes(body));
  return parsed.success ? parsed.data : null;
}

const rawPoint = z.object({ at: z.string().min(1), response_time: z.number().finite().nonnegative() });
const rawRegion = z.object({ region: z.string().min(1), response_times: z.array(z.unknown()).catch([]) });

/** Seconds (float) → whole milliseconds; bad points and regions are dropped one by one. */
export function parseResponseTimes(body: unknown): MonitorResponseTimes | null {
  const attributes = dataAttributes(body);
  if (!attributes || !Array.isArray(attributes.regions)) return null;
  const regions: MonitorResponseTimes['regions'] = [];
  for (const entry of attributes.regions) {
    const region = rawRegion.safeParse(entry);
    if (!region.success) continue;
    const points = region.data.response_times.flatMap((p) => {
      const point = rawPoint.safeParse(p);
      return point.success ? [{ at: point.data.at, ms: Math.round(point.data.response_time * 1000) }] : [];
    });
    regions.push({ region: region.data.region, points });
  }
  const all = regions.flatMap((r) => r.points);
  const averageMs = all.length ? Math.round(all.reduce((sum, p) => sum + p.ms, 0) / all.length) : null;
  return { regions, averageMs };
}

/**
 * "https://www.Example.com/" → "example.com": how a monitor joins a GridPane site (bare domain). Not
 * used by the client itself; exported for the monitors/sites services so they all normalise alike.
 */
export function monitorDomain(url: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
  try {
    const host = new URL(withScheme).hostname.toLowerCase().replace(/\.$/, '');
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
