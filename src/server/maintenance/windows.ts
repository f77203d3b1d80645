import type { MaintenanceCovers, MaintenanceWindow } from '../../shared/maintenance';
import type { MaintenanceWindowRow } from '../db/schema';

export const WEEK_MS = 7 * 86_400_000;

/**
 * Where a window stands at `now`: on (and until when), coming (and from when), or over. A weekly window
 * repeats every 7 × 24 h from its first start (UTC), until someone ends it.
 */
export function windowState(
  row: Pick<MaintenanceWindowRow, 'startsAt' | 'durationMinutes' | 'repeat' | 'endedAt'>,
  now: Date,
): Pick<MaintenanceWindow, 'state' | 'currentEndsAt' | 'nextStartsAt'> {
  const t = now.getTime();
  const start = row.startsAt.getTime();
  const length = row.durationMinutes * 60_000;
  const ended = row.endedAt && row.endedAt.getTime() <= t;
  if (ended) return { state: 'ended', currentEndsAt: null, nextStartsAt: null };
  if (t < start) return { state: 'scheduled', currentEndsAt: null, nextStartsAt: iso(start) };
  const since = row.repeat === 'weekly' ? (t - start) % WEEK_MS : t - start;
  const occurrence = t - since;
  if (since < length) {
    const end = Math.min(occurrence + length, row.endedAt?.getTime() ?? Number.POSITIVE_INFINITY);
    return { state: 'active', currentEndsAt: iso(end), nextStartsAt: null };
  }
  if (row.repeat === 'weekly')
    return { state: 'scheduled', currentEndsAt: null, nextStartsAt: iso(occurrence + WEEK_MS) };
  return { state: 'ended', currentEndsAt: null, nextStartsAt: null };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toWindow(row: MaintenanceWindowRow, now: Date, covers: MaintenanceCovers): MaintenanceWindow {
  return {
    id: row.id,
    reason: row.reason,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    repeat: row.repeat as MaintenanceWindow['repeat'],
    checkIds: row.checkIds,
    websiteIds: row.websiteIds,
    clientId: row.clientId,
    serverId: row.serverId,
    ...windowState(row, now),
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    covers,
  };
}
